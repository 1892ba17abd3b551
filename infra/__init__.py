"""infra layer."""
