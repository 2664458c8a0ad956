"""Property tests (hypothesis); strategies.py holds the shared strategies."""
