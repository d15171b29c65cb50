"""The draw games: a draw deal's setup (`setup`), exact equity after one draw (`exact`), Monte
Carlo through several (`montecarlo`), the drawing policies (`policy`), one player's chance to
make a hand (`chance`), and the draw deal as `equity()` runs it (`showdowns`)."""
