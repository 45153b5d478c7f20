"""Pictures before they are drawn: marks with roles, label placement and the
key's rows, in pure geometry (no SVG, no colours).

A game grows a :class:`~trackkit.picture.marks.Picture` of a layout from
its setup; :mod:`trackkit.render` paints any picture.  See
:mod:`trackkit.picture.marks`.
"""
