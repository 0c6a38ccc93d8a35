"""Synthetic card photos for training the index detector.

Modules, one job each: ``fonts`` (font pools), ``glyphs`` (text and symbol ink masks),
``face_style`` (deck designs), ``faces`` (procedural card faces), ``photo_faces`` (faces from
a folder of scans), ``backs`` (card backs), ``backgrounds`` (tables, photos, distractors),
``deck`` (the cards a scene may use), ``phases_gen`` (laid phases and near misses),
``layouts`` (where cards lie on the table), ``camera`` (perspective and photometric effects),
``scene`` (painting one image and its label geometry), ``labels`` (crops, YOLO lines,
manifest entries), ``verdict`` (the validator's phase verdict), ``dataset`` (the builder) and
``contact_sheet`` (labelled previews).
"""
