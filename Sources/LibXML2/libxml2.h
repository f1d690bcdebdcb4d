/* Intentionally empty: see module.modulemap. */
