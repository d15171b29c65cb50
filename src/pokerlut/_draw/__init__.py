"""The draw games: equity after one draw and through several (`game.DrawGame`, for
`equity`), the drawing policies (`policy`), and one player's chance to make a hand
(`chance.draw_chance`)."""

from .chance import DrawChance, draw_chance
from .policy import draw_keep, draw_policies

__all__ = ["DrawChance", "draw_chance", "draw_keep", "draw_policies"]
