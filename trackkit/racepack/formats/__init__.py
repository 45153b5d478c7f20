"""The Racepack files and words: the layout file's reader and writer, and the
text and JSON views of what the game works out, built from
:mod:`trackkit.layoutfile`.  Only these modules of the game import YAML."""
