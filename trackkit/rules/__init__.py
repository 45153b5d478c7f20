"""The rules of the games trackkit checks, one small function per rule."""
