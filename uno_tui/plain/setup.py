"""Setting up a match by numbered questions, each with a default that Enter accepts.

Enter to every question gives you against three medium bots, classic rules, to 500 points.
The questions: rule set, number of players, each seat's name and who plays it (a person or a
bot level), whether to change the rule set's options (then one question per option, each
explained in a line), and the target score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from uno_tui.engine import Rules, RuleSet, SetupError, clean_name
from uno_tui.narration.options import OPTION_TITLES, RULE_SET_WORDS, options_of
from uno_tui.seats import BOT_LEVELS, Seat

from .keys import choice_number

DEFAULT_NAMES = ("You", "Ada", "Bo", "Cy", "Dee", "Eli", "Fox", "Gil", "Hana", "Ivo")
DEFAULT_BOT = "medium"
STATS_WORDS = ("stats", "statistics")
T = TypeVar("T")


class PlainSetup:
    """Asks the setup questions through ``ask`` (prints a question, returns the answer line)
    and ``say`` (prints a line). ``stats``: the kept matches in sentences, said whenever the
    answer to a question is ``stats`` (the question is asked again after them)."""

    def __init__(
        self,
        ask: Callable[[str], str],
        say: Callable[[str], None],
        stats: Callable[[], Sequence[str]] | None = None,
    ) -> None:
        self.answer = ask
        self.say = say
        self.stats = stats

    def ask(self, question: str) -> str:
        while True:
            answer = self.answer(question)
            if self.stats is None or answer.strip().lower() not in STATS_WORDS:
                return answer
            for line in self.stats():
                self.say(line)

    def run(self) -> tuple[Rules, list[Seat]]:
        first = "New match. Press Enter to accept the choice named after each question."
        if self.stats is not None:
            first += " Type stats at any question to hear what the kept matches add up to."
        self.say(first)
        self.say(
            "Rule sets: " + "; ".join(f"{r.value} is {RULE_SET_WORDS[r]}" for r in RuleSet) + "."
        )
        rule_set = self.pick("Rule set?", [(r, r.value) for r in RuleSet], default=0)
        preset = Rules.preset(rule_set)
        counts = preset.player_counts
        count = counts[0]
        if len(counts) > 1:
            count = self.player_count(counts, default=4 if 4 in counts else counts[0])
        seats = self.ask_seats(count, team_game=preset.team_game)
        options: dict[str, object] = {}
        choices = options_of(rule_set)
        self.say(f"Options of {rule_set.value}: " + ", ".join(o.title for o in choices) + ".")
        change = self.pick(
            "Rule options?", [(False, "keep the defaults"), (True, "choose each")], default=0
        )
        if change:
            for option in choices:
                self.say(f"{option.title}: {option.explanation}.")
                options[option.name] = self.pick(
                    f"{option.title}?", list(option.choices), default=0
                )
        options["target_score"] = self.number("Target score?", default=preset.target_score)
        try:
            rules = Rules.preset(rule_set, **options)
        except SetupError as error:  # a combination the engine refuses: say so, keep defaults
            self.say(f"{error}. Playing with the default options.")
            rules = Rules.preset(rule_set, target_score=options["target_score"])
        self.say(self.summary(rules, seats))
        return rules, seats

    def ask_seats(self, count: int, *, team_game: bool) -> list[Seat]:
        seats: list[Seat] = []
        kinds = [(None, "a person"), *((level, f"{level} bot") for level in BOT_LEVELS)]
        default_kind = list(BOT_LEVELS).index(DEFAULT_BOT) + 1
        for seat in range(count):
            taken = {s.name.casefold() for s in seats}
            default_name = next(n for n in DEFAULT_NAMES if n.casefold() not in taken)
            where = f"Seat {seat + 1}"
            if team_game:
                where += f", team {seat % (count // 2) + 1}"
            while True:
                name = self.ask(f"{where}: name? Enter: {default_name}.") or default_name
                try:  # the one name rule, as on the command line and the setup screen
                    name = clean_name(" ".join(name.replace(",", " ").split()))
                except SetupError as error:
                    self.say(f"{str(error)[:1].upper()}{str(error)[1:]}: choose another name.")
                    continue
                if name.casefold() not in taken:
                    break
                self.say(f"{name!r} is taken: choose another name.")
            level = self.pick(
                f"{name}: a person or a bot?", kinds, default=0 if seat == 0 else default_kind
            )
            seats.append(Seat(name, level))
        return seats

    def pick(self, question: str, choices: Sequence[tuple[T, str]], *, default: int) -> T:
        listing = ", ".join(f"{i}: {words}" for i, (_, words) in enumerate(choices, 1))
        prompt = f"{question} {listing}. Enter: {default + 1}."
        while True:
            answer = self.ask(prompt)
            if not answer:
                return choices[default][0]
            number = choice_number(answer, len(choices))
            if number is not None:
                return choices[number - 1][0]
            self.say(f"Not a choice: {answer[:40]!r}. Type a number from 1 to {len(choices)}.")

    def player_count(self, counts: Sequence[int], *, default: int) -> int:
        low, high = counts[0], counts[-1]
        allowed = (
            f"{low} to {high}"
            if list(counts) == list(range(low, high + 1))
            else ", ".join(map(str, counts[:-1])) + f" or {high}"
        )
        while True:
            answer = self.ask(f"How many players, {allowed}? Enter: {default}.")
            if not answer:
                return default
            number = choice_number(answer, high)
            if number is not None and number in counts:
                return number
            self.say(f"Not a number of players here: {answer[:40]!r}. Type {allowed}.")

    def number(self, question: str, *, default: int) -> int:
        while True:
            answer = self.ask(f"{question} Enter: {default}.")
            if not answer:
                return default
            number = choice_number(answer, 10**6)
            if number is not None:
                return number
            self.say(f"Not a number of points: {answer[:40]!r}. Type a whole number, 1 or more.")

    @staticmethod
    def summary(rules: Rules, seats: Sequence[Seat]) -> str:
        people = ", ".join(
            f"{s.name} ({s.bot_level + ' bot' if s.bot_level else 'person'})" for s in seats
        )
        house = ", ".join(OPTION_TITLES[name] for name in rules.house_rules) or "none"
        return (
            f"Playing {rules.rule_set.value} to {rules.target_score} points: {people}. "
            f"House rules: {house}."
        )
