"""The languages of `pokerlut.lang`, one module of data per language (`en`, `it`, `es`, `ca`,
`ru`), each a dict `LANGUAGE` of sections. English is complete; in any other language a
section, or an entry of one, may be missing or empty, and then the English word is used (for a
description: the whole description in English, when its template or a rank word it needs is
missing).

- "categories": the name of each hand category, keyed by the names of the `Category` members
  and "ROYAL_FLUSH" (the ace-high straight flush, which every seed names on its own).
- "games": a game's name, keyed by a name of `pokerlut.games()` ("italian" for every
  "italian-N"); a game no language names is called by its key.
- "summaries": a game's one-line summary, keyed as "games"; a game without one in a language
  has its own (the summary of its `Rules`, in English), so English has none.
- "ranks": the rank words that the templates use, each form a tuple of 13 words for 2 .. A:
  "name", "plural", and the forms the language's grammar needs ("of the kings", "to the king",
  Russian cases).
- "hands": a description's template for each key of "categories", and "LOW" (a no-pair low
  hand) and "BEST" (a low game's best hand). In a template r0, r1, ... are the hand's ranks by
  significance, each with its forms (``{r0[plural]}``, ``{r3[name]}``); ``{cards}`` is the ranks
  as characters ("7-5-4-3-2", with the "offsuit" word where it applies) and ``{best}`` the best
  hand's name. The first letter of a description is made a capital.
- "best_names": what players call a low game's best hand, keyed by `Rules.best_name` in upper
  case with "_" for spaces ("WHEEL", "NUMBER_ONE").
- "words": the fixed words of the command line and the stats tables (verdicts, column headings,
  suits). "low_row" and "badugi_row" name a stats row by its top card: templates like those of
  "hands", with that card as r0 (and as ``{n}``, its number, in "low_row"; as ``{top}``, its
  character, in "badugi_row").
- "about": what each row of a stats table holds, keyed by `pokerlut.stats.CategoryRow.key`.

These modules hold data only and import nothing of the package, so `pokerlut._names` reads its
English labels from `en` below `pokerlut.lang`, which reads them all. A new language is one
more module here, registered in `pokerlut.lang.TRANSLATIONS`.
"""
