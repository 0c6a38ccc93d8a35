"""Live camera mode: stable card readings from a stream of frames (browser camera or webcam).

- :mod:`scorer.live.stability`: majority vote over recent frames, per card copy.
- :mod:`scorer.live.limiter`: bounded detection slots that refuse instead of queueing.
- :mod:`scorer.live.feed`: one stream's detect-track-report step and the per-viewer registry.
- :mod:`scorer.live.camera`: the server's webcam (or a video file) read in the background.
"""
