"""What several test files share: paths, the program's invocation, puzzles, servers,
the browser. Not tests themselves (no test_ prefix), so pytest never collects them."""
