"""Painters: each output format (PDF, PNG, SVG) paints the same list of pages."""
