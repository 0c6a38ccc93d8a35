"""One blueprint per area: games (list, scoreboard, history, export), rounds, camera, share, api."""
