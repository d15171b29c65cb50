"""What is left of the equity package before pokerlut._equity: the preflop order, which moves to
`pokerlut.matrix`, its only user."""
