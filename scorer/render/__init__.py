"""Synthetic card photos for training the index detector.

Modules, one job each: ``fonts`` (font pools), ``faces`` (procedural card faces),
``photo_faces`` (faces from a folder of scans), ``backs`` (card backs), ``backgrounds``
(tables and photos), ``layouts`` (where cards lie on the table), ``camera`` (perspective and
photometric effects), ``scene`` (painting one image), ``labels`` (YOLO lines, crops),
``dataset`` (the builder) and ``contact_sheet`` (labelled previews).
"""
