"""Players' hand histories: all-in EV with side pots (`allin`), PHH files scored hand by hand
(`phh`)."""
