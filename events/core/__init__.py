"""Infrastructure every app of the project uses."""
