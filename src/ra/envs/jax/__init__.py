"""Optional JAX versions of the games (jit-able, vmap-able), checked move for move against the Python engines."""
