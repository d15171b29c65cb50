"""Players' hand histories: all-in EV with side pots (`allin`), PHH files scored hand by hand
(`phh`, by pokerkit's replay; `fast`, the same scores without it where it can), a hand's
score (`scored`)."""
