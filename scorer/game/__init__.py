"""A game over rounds: variants, frozen round records, one replay that checks and scores them.

- :mod:`scorer.game.variants`: the ``Rules`` of a game and the named variants.
- :mod:`scorer.game.records`: ``GameSetup``, ``PlayerResult``, ``RoundRecord`` (frozen values).
- :mod:`scorer.game.progress`: how players move through the phase list, one policy per variant.
- :mod:`scorer.game.replay`: whether a round could have happened, and the state after it.
- :mod:`scorer.game.standings`: the standings derived from the list of rounds.
"""
