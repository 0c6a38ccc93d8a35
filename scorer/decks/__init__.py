"""A player's own deck: enrolment from grid photos, deck storage, fine-tuning the detector.

- :mod:`scorer.decks.layout`: the sheets a player photographs and the fixed order on each.
- :mod:`scorer.decks.quads` and :mod:`scorer.decks.enrol`: find the cards in a sheet photo, flatten
  them, check the photo (missing, touching, blurred, ...) and assign faces from the layout.
- :mod:`scorer.decks.session`: the enrolment steps (photo, confirm or retake, save).
- :mod:`scorer.decks.indexbox`: where the deck prints its corner index (the renderer's labels).
- :mod:`scorer.decks.store`: decks and per-deck models in the instance folder, written atomically.
- :mod:`scorer.decks.finetune`: renders scenes from a deck's faces and fine-tunes the detector.
- :mod:`scorer.decks.design` and :mod:`scorer.decks.gridphoto`: an unseen card design and
  synthetic enrolment photos, for tests and the ``phase10 deck demo`` measurement.
"""
