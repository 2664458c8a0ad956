"""storypath's Momentum, Consolations, Legend and Feats of Scale as transitions of a campaign.

The pure rules are :mod:`~dicepool.sheet.storypath.momentum`'s; here they meet the campaign: the
shared pool is the story's ``momentum`` sized by the campaign's players (ruling 16), Legend is
the character's status, pending Unlooked-for Advantages are the story's. The players are the
number the storyteller set, or else the seated players, whom the seats' events count (a
character taken or handed to a seat, or taken back; a seat revoked). A roll asks for them
through its :class:`~dicepool.sheet.spends.Spends`: :func:`prepare` changes the request before
the dice are rolled (Momentum dice, an Advantage's Enhancement, a Feat's Scale, the Drawback an
Enhancement above 3 needs), :func:`effects` says what the roll does (spends, and the Consolation
of a failure), and the transitions of :data:`ROLL_EFFECTS` do it, refusing the whole roll when
the pool or the Legend cannot pay.

Choices where the texts are silent: an Advantage adds its level 1 to the Enhancement the line
types (``enh 2`` and an Advantage: Enhancement 3), and so does an Enhancement Stunt named with
``--stunt`` its level (ruling 20), and the Drawback is checked on that sum; a
Feat adds its one Scale to the line's ``scale``; a botch's Consolation is Momentum whatever was
asked (the choice is refused, the roll stands); a pool sized for nobody (no seated player, no
number set) keeps nothing it gains."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest, Request
from dicepool.core.result import ContestResult, Outcome, RollResult
from dicepool.core.storypath import StorypathRequest
from dicepool.errors import SheetError
from dicepool.notation.renderer import render
from dicepool.sheet.character import Character
from dicepool.sheet.payloads import CharacterHanded, CharacterTaken, SeatMove, SeatRevoked
from dicepool.sheet.refs import EventRef, seq_of
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import legend_of, with_legend
from dicepool.sheet.storypath.momentum import (
    DRAWBACKS,
    FREE_ENHANCEMENT,
    MAX_WHAT,
    Consolation,
    Legend,
    Momentum,
    add_advantage,
    advantage,
    check_enhancement,
    choose_consolation,
    consolation,
    gain,
    invoke_feat,
    regain_legend,
    seat,
    set_players,
    spend,
    use_advantage,
)
from dicepool.sheet.storypath.payloads import (
    AdvantageUsed,
    Consoled,
    DrawbackNamed,
    FeatInvoked,
    LegendRegained,
    MomentumDice,
    MomentumSpent,
    PlayersSet,
)
from dicepool.sheet.storypath.stunt_play import stunt_enhancement
from dicepool.sheet.traits import name_key

if TYPE_CHECKING:
    from dicepool.sheet.spends import Spends

Data = Mapping[str, Any]

FEATS = {"title": True, "calling": False}
"""``--feat`` words, and whether the action is within the Legendary Title."""


def storypath_only(state: CampaignState) -> None:
    """Refuse the Momentum pool in a campaign of another system."""
    if state.system != "storypath":
        raise SheetError(
            f"the Momentum pool is storypath's (ruling 16); {state.name} plays {state.system}"
        )


def pool_of(state: CampaignState) -> Momentum:
    """The campaign's Momentum pool, sized by the players the storyteller set, or else by the
    seated players (none seated: it holds nothing)."""
    return Momentum(state.now.momentum, state.players, len(state.now.seated))


def with_pool(state: CampaignState, pool: Momentum) -> CampaignState:
    """The campaign with its pool holding ``pool``'s points."""
    return replace(state, story=replace(state.now, momentum=pool.points))


def legendary(state: CampaignState, name: str) -> tuple[Character, Legend]:
    """A storypath character rated in Legend, and its Legend; a SheetError says how to rate it."""
    sheet = state.character(name)
    if sheet.system != "storypath":
        raise SheetError(f"Legend is storypath's (ruling 16); {sheet.system} has none")
    rating = sheet.traits.get("Legend", 0)
    if rating < 1:
        raise SheetError(
            f"{sheet.name} has no Legend: rate it with `dicepool char set {sheet.name} Legend=N`"
        )
    return sheet, legend_of(sheet.status, rating)


def _put_legend(state: CampaignState, sheet: Character, legend: Legend) -> CampaignState:
    return state.with_character(replace(sheet, status=with_legend(sheet.status, legend)))


def players_set(state: CampaignState, data: Data) -> CampaignState:
    """``players-set``: the table's number of players (none: the seated players again); a
    smaller pool loses what it cannot hold."""
    pool, _lost = set_players(pool_of(state), PlayersSet.of(data).players)
    return with_pool(replace(state, players=pool.players), pool)


def _seated(state: CampaignState, seated: frozenset[str]) -> CampaignState:
    """The campaign with ``seated`` the player seats that sit with a character; a pool that
    follows them loses what it no longer holds."""
    pool, _lost = seat(pool_of(state), len(seated))
    return with_pool(replace(state, story=replace(state.now, seated=seated)), pool)


def _moved(state: CampaignState, moves: tuple[SeatMove, ...]) -> CampaignState:
    """Each seat ``moves`` names sits with its new character, or with none."""
    seated = set(state.now.seated)
    for move in moves:
        if move.after is None:
            seated.discard(name_key(move.seat))
        else:
            seated.add(name_key(move.seat))
    return _seated(state, frozenset(seated))


def character_taken(state: CampaignState, data: Data) -> CampaignState:
    """``character-taken``: a player's seat sits with a character (every system keeps who is
    seated; storypath's pool follows)."""
    return _moved(state, CharacterTaken.of(data).moves)


def character_handed(state: CampaignState, data: Data) -> CampaignState:
    """``character-handed``: the storyteller gave a character to a seat, or took it back."""
    return _moved(state, CharacterHanded.of(data).moves)


def seat_revoked(state: CampaignState, data: Data) -> CampaignState:
    """``seat-revoked``: the seat's character is free, so it no longer counts as seated."""
    return _seated(state, state.now.seated - {name_key(SeatRevoked.of(data).seat)})


def momentum_spent(state: CampaignState, data: Data) -> CampaignState:
    """``momentum-spent`` (a Knack...): points out of the pool."""
    storypath_only(state)
    return with_pool(state, spend(pool_of(state), MomentumSpent.of(data).points))


def momentum_dice(state: CampaignState, data: Data, _event: int = 0) -> CampaignState:
    """A roll's ``momentum``: points out of the pool, a die each."""
    storypath_only(state)
    return with_pool(state, spend(pool_of(state), MomentumDice.of(data).points))


def legend_regained(state: CampaignState, data: Data) -> CampaignState:
    """``legend-regained``: Legend points back, within the rating (the rest is lost)."""
    event = LegendRegained.of(data)
    sheet, legend = legendary(state, event.character)
    if legend.spent == 0:
        raise SheetError(
            f"{sheet.name} has every Legend point ({legend.points} of {legend.rating}): "
            "nothing to regain"
        )
    after, _lost = regain_legend(legend, event.points)
    return _put_legend(state, sheet, after)


def feat_invoked(state: CampaignState, data: Data, _event: int = 0) -> CampaignState:
    """A roll's Feat of Scale: one Legend (and two Momentum outside the Title), or nothing."""
    feat = FeatInvoked.of(data)
    sheet, legend = legendary(state, feat.character)
    try:
        legend, pool, _cost = invoke_feat(legend, pool_of(state), FEATS[feat.within])
    except SheetError as exc:
        raise SheetError(f"{sheet.name}: {exc}") from exc
    return with_pool(_put_legend(state, sheet, legend), pool)


def advantage_used(state: CampaignState, data: Data, _event: int = 0) -> CampaignState:
    """A roll's Unlooked-for Advantage, used up."""
    used = AdvantageUsed.of(data)
    left, _used = use_advantage(state.now.advantages, used.character, seq_of(used.earned_by))
    return replace(state, story=replace(state.now, advantages=left))


def consoled(state: CampaignState, data: Data, event: int = 0) -> CampaignState:
    """A failed roll's Consolation: Momentum into the pool (over its capacity, or while its
    size is unknown, lost), or an Advantage kept for a later roll (earned by the roll logged
    at ``event``, its seq); an Encounter or a Meeting is the story's."""
    given = Consoled.of(data)
    choice = Consolation(given.choice)
    if choice is Consolation.MOMENTUM:
        return with_pool(state, gain(pool_of(state), given.points)[0])
    if choice is Consolation.ADVANTAGE:
        assert given.character is not None and given.what is not None, "an Advantage's own"
        earned = advantage(given.character, event, given.what)
        held = add_advantage(state.now.advantages, earned)
        return replace(state, story=replace(state.now, advantages=held))
    return state


ROLL_EFFECTS: dict[str, Callable[[CampaignState, Data, int], CampaignState]] = {
    "momentum": momentum_dice,
    "feat": feat_invoked,
    "advantage": advantage_used,
    "consolation": consoled,
}
"""storypath's effects of a roll, in the order they apply: spends before the roll's gain."""


def _asks(spends: Spends) -> list[str]:
    """The storypath options a roll's spends name, as the command line writes them."""
    asked = {
        "--spend momentum": spends.momentum,
        "--consolation": spends.consolation,
        "--advantage": spends.advantage,
        "--feat": spends.feat,
        "--drawback": spends.drawback,
        "--stunt": spends.stunt,
    }
    return [option for option, value in asked.items() if value]


def _need(spender: Character | None, option: str) -> Character:
    if spender is None:
        raise SheetError(f"{option} is a character's: roll with --char NAME")
    return spender


def prepare(
    state: CampaignState, spender: Character | None, request: Request, spends: Spends
) -> Request:
    """The request as storypath's spends change it, checked before any die is rolled.

    Raises:
        SheetError: an option of another system; a choice that is no Consolation; an
            Advantage, a Feat or a Consolation other than Momentum without a character; no
            Advantage pending; an Enhancement above 3 with no Drawback named.
    """
    asked = _asks(spends)
    if not isinstance(request, StorypathRequest):
        if asked:
            what = "a contest" if isinstance(request, ContestRequest) else state.system
            raise SheetError(f"{asked[0]} is for a storypath roll of one side, not {what}")
        return request
    if spends.momentum:
        request = replace(request, pool=Pool((*request.pool.terms, spends.momentum)))
    if spends.consolation is not None:
        picked = _choice(spends.consolation)
        if picked is not Consolation.MOMENTUM:
            _need(spender, f"--consolation {picked.value}")
    if spends.advantage:
        sheet = _need(spender, "--advantage")
        use_advantage(state.now.advantages, sheet.name)  # (raises: none pending)
        request = replace(request, enhancement=request.enhancement + 1)
    if spends.stunt is not None:  # ruling 20: counted with the line's, as an Advantage is
        added = stunt_enhancement(state, spender, spends.stunt)
        request = replace(request, enhancement=request.enhancement + added)
    if spends.feat is not None:
        _feat_word(spends.feat)
        _need(spender, "--feat")
        request = replace(request, scale=request.scale + 1)
    for challenge in request.challenges:
        if challenge.enhancement > FREE_ENHANCEMENT and not (spends.drawback or "").strip():
            raise SheetError(
                f"Enhancement {challenge.enhancement} is above {FREE_ENHANCEMENT}: name its "
                f'Drawback with --drawback TEXT (e.g. "{DRAWBACKS[0]}")'
            )
        check_enhancement(challenge.enhancement, spends.drawback)
    return request


def _choice(word: str) -> Consolation:
    """The Consolation a word names (checked like a failure's choice)."""
    return choose_consolation(Outcome.FAILURE, word)


def _feat_word(word: str) -> bool:
    try:
        return FEATS[word.strip().lower()]
    except KeyError:
        raise SheetError(
            f"--feat `{word[:20]}` is no Feat of Scale: write title (within the Legendary "
            "Title: one Legend) or calling (outside it: one Legend and two Momentum)"
        ) from None


def effects(
    state: CampaignState,
    spender: Character | None,
    request: Request,
    result: RollResult | ContestResult,
    spends: Spends,
) -> dict[str, Any]:
    """What a storypath roll does: Momentum spent, a Feat, an Advantage used, the Consolation
    of a failure, the Drawback named (a record)."""
    if not isinstance(request, StorypathRequest) or not isinstance(result, RollResult):
        return {}
    found: dict[str, Any] = {}
    if spends.momentum:
        found["momentum"] = MomentumDice(spends.momentum).data()
    if spends.feat is not None and spender is not None:
        found["feat"] = FeatInvoked(spender.name, spends.feat.strip().lower()).data()
    if spends.advantage and spender is not None:
        oldest = state.now.advantages.of(spender.name)[0]
        found["advantage"] = AdvantageUsed(spender.name, EventRef(seq=oldest.event)).data()
    if result.outcome is not Outcome.SUCCESS:
        given = _consolation(spender, request, result, spends.consolation)
        if given.choice == Consolation.MOMENTUM.value:  # what the pool cannot hold is lost
            spent = state
            for name, effect in found.items():  # the roll's spends come first
                spent = ROLL_EFFECTS[name](spent, effect, 0)
            given = replace(given, lost=_lost(pool_of(spent), given.points))
        found["consolation"] = given.data()
    if spends.drawback:
        named = check_enhancement(0, spends.drawback)
        found["drawback"] = DrawbackNamed(spender.name if spender else None, named).data()
    return found


def _lost(pool: Momentum, gained: int) -> int:
    """The Momentum of a Consolation the pool cannot hold: over its capacity (all of it while
    the pool is sized for nobody)."""
    return max(pool.points + gained - pool.capacity, 0)


def _consolation(
    spender: Character | None, request: StorypathRequest, result: RollResult, asked: str | None
) -> Consoled:
    """A failure's Consolation as the roll's effect: the choice, and its Momentum figure."""
    points = consolation(result.outcome, request.specialty)
    choice = _choice(asked) if asked is not None else Consolation.MOMENTUM
    given = Consoled(choice.value, points)
    if result.outcome is Outcome.BOTCH and choice is not Consolation.MOMENTUM:
        given = Consoled(Consolation.MOMENTUM.value, points, refused=choice.value)
    elif choice is not Consolation.MOMENTUM and spender is not None:
        what = f"after failing {render(request)}"[:MAX_WHAT]
        given = Consoled(
            choice.value,
            points,
            character=spender.name,
            what=what if choice is Consolation.ADVANTAGE else None,
        )
    return given
