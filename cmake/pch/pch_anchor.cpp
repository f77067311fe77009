// A source for a precompiled-header target to compile (cmake/SnPch.cmake); it has no code of its own.
