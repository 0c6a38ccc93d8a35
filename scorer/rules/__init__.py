"""The rules of one table: phases as data, the phase validator, hits and the reasons for a no.

- :mod:`scorer.rules.phases`: ``PhaseSpec``/``GroupSpec`` (``"run of 5 + colour of 3"``).
- :mod:`scorer.rules.validate`: do these cards make the phase, and if not, the closest miss.
- :mod:`scorer.rules.solver`, :mod:`scorer.rules.param_search`, :mod:`scorer.rules.grouping`:
  the search behind it, on integers, and the grouping it reports.
- :mod:`scorer.rules.hits`: may a card be played onto a laid-down group.
- :mod:`scorer.rules.reason_codes`: the code of every verdict's reason and its typed params.
- :mod:`scorer.rules.reasons`: a verdict's reason, and its one wording (``explain``).
"""
