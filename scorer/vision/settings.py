"""The card reader's settings, defined once: every tuning value of :mod:`scorer.vision`.

One frozen :class:`ReaderSettings` gathers one frozen group per look or stage (the detector, the
second look, the colour checks, the pairing, ...); :data:`READER` is the reader's own. Each
module of :mod:`scorer.vision` reads its values here (``READER.second_look.fine_max``), never
from a literal of its own (``tests/vision/test_settings.py`` checks it). Change a value here and
every reader of it follows; ``dataclasses.replace`` gives a variant for an experiment.

Sizes "in index sizes" are multiples of an index box's size (the geometric mean of its width and
height, :attr:`~scorer.vision.detections.Detections.sizes`) unless a field says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.cards import Colour


@dataclass(frozen=True)
class DetectorSettings:
    """The index detector: its confidence, its suppression and its input."""

    conf: float = 0.45
    """Minimum index-detection confidence; chosen on the eval val split, not the test split
    (docs/lab.md)."""
    iou: float = 0.7
    """IoU above which non-maximum suppression drops the weaker of two overlapping boxes."""
    exported_imgsz: int = 640
    """The detector's longest input side as trained and exported. The ONNX reader reads it from
    the file's metadata; the ultralytics backend, its mAP and the torch comparison are given it."""
    max_pixels: int = 40_000_000
    """The most pixels (width x height) an input image may declare: about 7300 x 5500."""
    pad_value: int = 114
    """Grey used by ultralytics to pad letterboxed images (as the detector was trained)."""
    intra_op_threads: int = 2
    """Threads onnxruntime uses within one operator (the detector's and the recogniser's)."""
    max_candidates: int = 1000
    """Boxes kept for NMS, highest scores first."""
    max_detections: int = 300
    """Detections kept per image after NMS, highest scores first."""


@dataclass(frozen=True)
class SecondLookSettings:
    """The second look at where the cards lie, the coarse look and the fine look
    (:mod:`scorer.vision.second_look`)."""

    margin: float = 3.0
    """Index sizes kept around the detections, for cards whose other corner was missed."""
    min_zoom: float = 1.1
    """A crop enlarged less than this is not worth a second look."""
    max_zoom: float = 2.0
    """A smaller crop is widened around its centre (huge indices read badly too)."""
    merge_iou: float = 0.5
    """Same-class boxes of the two looks overlapping more than this are one index."""
    hint_conf: float = 0.05
    """Weaker first-look detections that may still say where the cards are."""
    hinted_conf: float = 0.65
    """What a look guided only by weak detections must reach to count..."""
    hint_iou: float = 0.3
    """...on the spot of one of them (box overlap)."""
    coarse_imgsz: int = 256
    """The coarse look's usual smallest input side..."""
    last_resort_imgsz: tuple[int, ...] = (192, 128)
    """...then these in turn while nothing at all is read (a card filling the frame: an index of
    240 px at 640 is still 72 px at 192, 48 px at 128)."""
    coarse_below: int = 2
    """A first look with fewer index detections than this gets a coarse look at 256."""
    coarse_from: float = 0.0625
    """A median index of this share of the longest side (40 px at 640) gets one..."""
    coarse_target: int = 32
    """...at the input side that makes that median index this many pixels."""
    coarse_keep_px: int = 15
    """Coarse detections under this many input pixels are dropped (read badly)."""
    stride: int = 32
    """The detector's input sides are multiples of this."""
    replace_margin: float = 0.1
    """A coarse reading replaces a first-look one only this much more confident."""
    fine_below: int = 16
    """A first look whose median index is under this many input pixels looks finer..."""
    fine_target: int = 16
    """...at the input side that makes that median index this many pixels (the median of the
    indices the detector learnt on)..."""
    fine_max: int = 1280
    """...at most this side, and never past the photo's own longest side."""


@dataclass(frozen=True)
class WashedOutSettings:
    """The washed-out look: a frame's levels stretched before reading it again
    (:mod:`scorer.vision.washed_out`)."""

    dark_percentile: float = 1.0
    """The channel value that becomes 0..."""
    bright_percentile: float = 99.0
    """...and the one that becomes 255."""
    min_gain: float = 1.5
    """A frame is washed out when every channel would be stretched this much."""
    min_span: float = 16.0
    """A channel spanning fewer grey levels is stretched as if it spanned these."""
    sample_step: int = 4
    """The percentiles are taken on every fourth pixel of every fourth row."""


@dataclass(frozen=True)
class GreenCastSettings:
    """The green-cast look: a frame whose white is green is balanced and read again
    (:mod:`scorer.vision.green_cast`)."""

    min_tint: float = 1.08
    """The green channel of the frame's white differs from B and R at least this much."""
    white_share: float = 0.02
    """The white: the brightest 2 % of the near-neutral pixels..."""
    white_max_saturation: int = 90
    """...those under this saturation (a green-cast white lies well below)."""
    sample_pixels: int = 25_000
    """The white is taken on a grid of about this many pixels."""


@dataclass(frozen=True)
class ColourSettings:
    """The colour an index's pixels show, and its verdict on the detector's colour
    (:mod:`scorer.vision.colour`)."""

    hue_ranges: tuple[tuple[Colour, tuple[tuple[int, int], ...]], ...] = (
        (Colour.RED, ((0, 9), (165, 180))),
        (Colour.YELLOW, ((18, 36),)),
        (Colour.GREEN, ((37, 88),)),
        (Colour.BLUE, ((89, 135),)),
    )
    """Each card colour's bands of OpenCV hue (0..180), inclusive; red wraps around 0."""
    min_saturation: int = 40
    """After white balance: washed-out webcam ink is still ink..."""
    ink_floor: float = 0.5
    """...but only pixels at least half as saturated as the box's inkiest vote."""
    min_value: int = 60
    """Pixels darker than this (HSV value) have no colour to tell; nor has a white this dark."""
    min_pixels: int = 12
    """Fewer coloured pixels than this give no colour (a black Wild or Skip, a washed-out
    photo)."""
    inset: float = 0.15
    """The share of a box cut from each side before measuring (less table, more index)."""
    neutral_max_saturation: int = 110
    """A white that a cast tints stays below this (ink lies above)."""
    neutral_share: float = 0.2
    """The brightest fifth of the low-saturation pixels give the white."""
    max_gain: float = 1.8
    """White-balance gains are kept within [1 / max_gain, max_gain]."""
    clipped: int = 250
    """A white channel this bright may have been cut off at 255 by the camera..."""
    tinted_white: int = 12
    """...and its white is tinted when another channel lies this much below."""
    same_ink_hue: float = 10.0
    """Two measures whose mean hues lie this close are one ink, whatever band."""
    centre_samples: int = 40
    """The centre check samples its window on a grid about this many pixels wide."""
    centre_radius: float = 1.2
    """The centre check's window reaches this many index sizes on each side of the card's
    centre."""
    ink_present: float = 0.1
    """A card colour holding this share of an index's coloured pixels is printed there."""
    strong_share: float = 0.6
    """An index votes for a colour holding at least this share of its coloured pixels."""
    clear_share: float = 0.8
    """A lone readable index overrules the class with this share of its pixels..."""
    clear_pixels: int = 30
    """...of at least this many pixels."""
    disagree_factor: float = 0.6
    """A card whose pixels disagree with its colour keeps this share of its confidence."""
    corrected_factor: float = 0.8
    """A card whose colour the pixels correct keeps this share of its confidence."""


@dataclass(frozen=True)
class PhotoColourSettings:
    """The colour read on the card's own white (:mod:`scorer.vision.photo_colour`)."""

    window: float = 4.0
    """The white is looked for within this many index sizes around each index..."""
    samples: int = 24
    """...sampled on a grid about this many pixels across per window."""
    clipped_headroom: float = 1.15
    """A clipped white channel may have been this many times brighter before the sensor cut
    it off; a colour correction must hold with it that bright too."""


@dataclass(frozen=True)
class OrientationSettings:
    """Are two indices turned half a turn to each other (:mod:`scorer.vision.orientation`)?"""

    patch: int = 24
    """Side of the square the two crops are compared at, in pixels."""
    slack: int = 1
    """Crops are matched over shifts of up to this many patch pixels each way."""
    shading_sigma: float = 8.0
    """Blur (patch pixels) whose subtraction removes the light's slope."""
    same_way_up: float = -0.1
    """Below this score the two indices are two cards lying the same way up..."""
    surely_same_way_up: float = -0.3
    """...and below this even where the layout says one card."""
    min_contrast: float = 2.0
    """A crop whose grey levels vary less (standard deviation) is flat."""
    symmetric: float = 0.9
    """A crop matching itself turned half a turn this well shows a symmetric glyph..."""
    symmetry_from: float = 30.0
    """...when its box is this many pixels or more (smaller ones blur to blobs)."""


@dataclass(frozen=True)
class PairingGeometry:
    """Where the second index of a card lies, in units of index size (geometric mean of w, h).

    ``expected`` is the typical centre-to-centre distance of a card's two indices (the medians
    over rendered scenes are 5.7 with the held-out designs and 8.2 with the training ones;
    ``high`` lets in the 99th percentile of the training designs, 13.4);
    a pair is accepted when the distance lies in ``[low, high]`` and the two index sizes differ by
    at most the factor ``size_ratio``. ``single_cost`` is the cost of leaving an index unpaired:
    a pair is preferred when its mismatch ``|log(distance / expected)|`` is below twice that.
    A pair is refused when another detection's centre lies within ``crossing`` index sizes of
    the segment between them (cards in a row); ``centre_bonus`` rewards a pair the pixels
    confirm.
    """

    expected: float = 5.7
    """Typical centre-to-centre distance of a card's two indices."""
    low: float = 3.2
    """Shortest distance of a pair."""
    high: float = 14.0
    """Longest distance of a pair (the training designs' 99th percentile is 13.4)."""
    size_ratio: float = 1.8
    """Most factor by which the two index sizes of a pair differ."""
    single_cost: float = 0.35
    """Cost of leaving an index unpaired."""
    centre_bonus: float = 0.15
    """Taken off the cost of a pair the pixels confirm."""
    crossing: float = 0.6
    """A pair is refused with another detection's centre this close to the segment between."""


@dataclass(frozen=True)
class PairingSettings:
    """Index detections -> physical cards (:mod:`scorer.vision.pairing`)."""

    geometry: PairingGeometry = field(default_factory=PairingGeometry)
    """Where a card's second index lies."""
    shadow_iou: float = 0.6
    """Two index boxes overlapping more than this are one spot read twice..."""
    nested: float = 0.85
    """...and so are two whose smaller box lies this much inside the larger one."""
    skip_preference: float = 0.1
    """Confidence bonus of a Skip over another reading of the same spot."""
    exact_limit: int = 8
    """Groups up to this size are matched exactly; larger ones greedily."""
    cross_colour_cost: float = 0.2
    """Added to the mismatch of two indices of one number in two colours."""
    crossing_from: float = 0.15
    """A centre lies between two indices (``geometry.crossing``) past this share of the segment
    from the first (so neither index itself lies between)..."""
    crossing_to: float = 0.85
    """...and short of this share."""


@dataclass(frozen=True)
class LoneCornersSettings:
    """A card alone in view whose two corners were read apart (:mod:`scorer.vision.lone_corners`).
    """

    mirror_match: float = 0.6
    """A card's two corners read apart: one matches the other turned this well..."""
    mirror_margin: float = 0.15
    """...this much better than any other pairing of either..."""
    mirror_score: float = 0.2
    """...and this much better turned than as they are."""
    twins_turned: float = 0.3
    """Two lone indices of one face turned to each other this clearly are one card."""


@dataclass(frozen=True)
class WholePhotoSettings:
    """What the photo as a whole says: a card held up, one card read twice
    (:mod:`scorer.vision.whole_photo`)."""

    held_up_readings: int = 2
    """A photo of one card held up: the card and at most one more reading."""
    repeat_iou: float = 0.4
    """The same face on boxes overlapping this much is one card read twice."""
    corners_apart_chance: float = 0.5
    """A card whose two corners read two numbers is either, at best."""
    held_close_ratio: float = 2.5
    """Held close, a card's near index looks up to this many times the far one..."""
    held_close_low: float = 2.5
    """...and large index badges on a short card lie this many index sizes apart."""
    turned: float = 0.0
    """A half-turn score above this: two indices turned to each other, as on one card."""


@dataclass(frozen=True)
class ZoomCheckSettings:
    """The closer look at the least sure cards (:mod:`scorer.vision.zoom_check`)."""

    side: int = 160
    """Pixels of each enlarged window."""
    window: float = 6.0
    """Window side, in sizes of the index (its longer side)."""
    below: float = 0.85
    """Cards read with a lower score get the closer look..."""
    most: int = 8
    """...at most this many per photo, the least confident first."""
    conf: float = 0.05
    """What the closer look reports at all."""
    spot: float = 0.6
    """A closer detection counts when its centre is within this share of the index size."""
    vanishes_below: float = 0.6
    """A lone index read under this score that reads as nothing closer is no card."""


@dataclass(frozen=True)
class DoubtSettings:
    """How sure each card read is (:mod:`scorer.vision.doubt`)."""

    unsure_below: float = 0.65
    """Cards read with less confidence are shown as unsure, for the player to check. On the eval
    val split (stage 8, 1000 scenes) this marks 9 % of the cards read and 54 % of the misread
    ones."""
    rival_iou: float = 0.5
    """Another face's box overlapping an index this much reads the same spot."""
    closer_floor: float = 1e-3
    """Scores the closer look did not report count as this."""
    recognised_floor: float = 1e-3
    """The recogniser's probabilities are taken between this and one minus it (a log-odds of
    about -7 to 7: a certain model is not infinitely certain)."""
    twin_reach: float = 20.0
    """Index sizes within which an unpaired same-face index may be the other corner."""


@dataclass(frozen=True)
class RecogniserSettings:
    """The second opinion of the small recogniser (:mod:`scorer.vision.recogniser`). ``crop`` and
    ``margin`` are the recogniser's input as it was trained: change them only with a new one."""

    crop: int = 32
    """Side of the square crop the recogniser reads, pixels."""
    margin: float = 1.3
    """The crop's side, in sizes of the index box's longer side."""
    second_opinion_at: float = 0.9
    """The recogniser's probability for another reading (or no card) from which the card shows
    that reading as its likely alternative."""
    veto_below: float = 0.01
    """The ``both_doubt`` stage settles a card to which the recogniser gives less than this..."""
    veto_chance: float = 0.5
    """...and whose weighed chance is under this; the card is read as the recogniser reads it
    where the recogniser gives that face at least ``reread_at``, else dropped."""
    reread_at: float = 0.9
    """How sure the recogniser must be of its own reading (symbol times colour) to replace the
    detector's."""
    confirm_from: float = 0.1
    """Weak first-look detections from this score up are read by the recogniser
    (:mod:`scorer.vision.confirmed_look`)..."""
    confirm_at: float = 0.99
    """...and count as read where it gives the detector's face (symbol times colour) this..."""
    confirm_apart_iou: float = 0.3
    """...and they overlap no detection already read (nor a stronger weak one) this much."""


@dataclass(frozen=True)
class ReaderSettings:
    """Every tuning value of the card reader, one group per look or stage."""

    detector: DetectorSettings = field(default_factory=DetectorSettings)
    """The index detector."""
    second_look: SecondLookSettings = field(default_factory=SecondLookSettings)
    """The second, coarse and fine looks."""
    washed_out: WashedOutSettings = field(default_factory=WashedOutSettings)
    """The washed-out look."""
    green_cast: GreenCastSettings = field(default_factory=GreenCastSettings)
    """The green-cast look."""
    colour: ColourSettings = field(default_factory=ColourSettings)
    """The colour checks."""
    photo_colour: PhotoColourSettings = field(default_factory=PhotoColourSettings)
    """The colour on the card's own white."""
    orientation: OrientationSettings = field(default_factory=OrientationSettings)
    """Half-turn comparison of two indices."""
    pairing: PairingSettings = field(default_factory=PairingSettings)
    """Indices into cards."""
    lone_corners: LoneCornersSettings = field(default_factory=LoneCornersSettings)
    """A lone card's corners read apart."""
    whole_photo: WholePhotoSettings = field(default_factory=WholePhotoSettings)
    """The photo as a whole."""
    zoom_check: ZoomCheckSettings = field(default_factory=ZoomCheckSettings)
    """The closer look."""
    doubt: DoubtSettings = field(default_factory=DoubtSettings)
    """How sure each card is."""
    recogniser: RecogniserSettings = field(default_factory=RecogniserSettings)
    """The recogniser's second opinion."""


READER = ReaderSettings()
"""The reader's settings: every module of :mod:`scorer.vision` reads its values here."""

DEFAULT_CONF = READER.detector.conf
"""Shorthand for the CLI, the web app and the lab: :attr:`DetectorSettings.conf`."""
DEFAULT_IOU = READER.detector.iou
"""Shorthand: :attr:`DetectorSettings.iou`."""
EXPORTED_IMGSZ = READER.detector.exported_imgsz
"""Shorthand: :attr:`DetectorSettings.exported_imgsz`."""
MAX_PIXELS = READER.detector.max_pixels
"""Shorthand: :attr:`DetectorSettings.max_pixels`."""
UNSURE_BELOW = READER.doubt.unsure_below
"""Shorthand: :attr:`DoubtSettings.unsure_below`."""

MODEL_ENV = "PHASE10_MODEL"
"""The environment variable that overrides the detector file."""

__all__ = ["DEFAULT_CONF", "DEFAULT_IOU", "EXPORTED_IMGSZ", "MAX_PIXELS", "MODEL_ENV", "READER",
           "UNSURE_BELOW", "ColourSettings", "DetectorSettings",
           "DoubtSettings", "GreenCastSettings", "LoneCornersSettings", "OrientationSettings",
           "PairingGeometry", "PairingSettings", "PhotoColourSettings",
           "ReaderSettings", "RecogniserSettings", "SecondLookSettings",
           "WashedOutSettings", "WholePhotoSettings", "ZoomCheckSettings"]
