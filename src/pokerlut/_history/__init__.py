"""Players' hand histories: all-in EV with side pots (`allin`); reading histories comes next."""
