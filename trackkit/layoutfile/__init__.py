"""The pieces every game's layout file is read and written with: YAML nodes
that remember their line and column, value readers and field tables (from
which each game's reader, writer and JSON Schema come), the keys every game
shares, and the checks on a file before it is read.  Each game's own file
format (in its package's ``formats``) is built from these."""
