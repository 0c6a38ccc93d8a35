"""The lab: benchmarks and synthetic frames (`phase10 bench`); nothing at runtime imports it.

- :mod:`scorer.bench.rules`: the validator on crowded tables.
- :mod:`scorer.bench.detect`: milliseconds from JPEG bytes to a card list, against torch.
- :mod:`scorer.bench.live`: live readings per second, end to end.
- :mod:`scorer.bench.synthetic`: rendered frame sequences for the live benchmark and tests.

"""
