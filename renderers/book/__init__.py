"""A book's layout (front matter, contents, sections, answers) and its export."""
