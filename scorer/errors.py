"""The project's two families of failure: unreadable input, and input the rules forbid."""


class NotationError(ValueError):
    """Input that cannot be read: a card name, a phase number, a player's name."""


class RulesError(ValueError):
    """Readable input that the rules forbid, such as a round that cannot have happened."""
