"""The bots' decisions and the Cubingos matcher timed on the emulated Pico, as /main.py
(bench/bench_bots_device.py builds the image and reads the console).

Prints one `KB <json>` line per workload and `KB-END` at the end (`KX` and the traceback
on an error):
  coloretto: the strong bot (one seat, greedy bots in the others) through whole seeded
      games per player count: per decision the total us of think() run slice by slice
      as the play screen runs it, the longest slice, the number of slices and simulated
      steps; the first decisions are checked against act() on the same position (same answer);
  matcher: CubingosState.match_masks(card) (legal cells and masks: the bots' and hints'
      call) on seeded structures of 12 and 13 dice, every card, us per call;
  cubingos_plan: a Cubingos bot's look at the card (its once-a-leg plan) on those
      structures, us;
  bots: Kocka 10000's and Cubo's bots playing each other, us per decision.
"""
import gc
import json
import sys

from benchkit import us, since, stats, structure, forget_rules, play_bots


def report(kind, **fields):
    fields["kind"] = kind
    print("KB " + json.dumps(fields))


def coloretto(players, games, seed0):
    from shared_rules.coloretto import rules as C
    from shared_rules.coloretto.rules import Coloretto
    from shared_rules.coloretto import bots as B
    totals = []
    slices_max = []
    slices = 0
    steps = []
    differ = 0
    checked = 0
    for g in range(games):
        st = Coloretto(players, seed=seed0 + g)
        seat = g % players
        bot = B.StrongBot(seed0 * 100 + g)
        twin = B.StrongBot(seed0 * 100 + g)  # the same seed, deciding in one act()
        others = [B.GreedyBot(i) for i in range(players)]
        while not st.is_terminal():
            p = st.current_player()
            if p != seat:
                st.apply(others[p].act(st, p, 0))
                continue
            think = bot.think(st, p)
            total = 0
            longest = 0
            n = 0
            while True:
                t = us()
                a = next(think)
                dt = since(t)
                total += dt
                n += 1
                if dt > longest:
                    longest = dt
                if a is not None:
                    break
            if len(totals) < 8:  # the one-call answer is the same (a few: it costs as much)
                checked += 1
                if twin.act(st, p, 0) != a:
                    differ += 1
            else:
                twin.rng.state = bot.rng.state
            if st.phase != C.PHASE_ASSIGN and n > 1:
                totals.append(total)
                slices_max.append(longest)
                slices += n
                steps.append(bot.steps)
            st.apply(a)
    report("coloretto", players=players, games=games, decision=stats(totals),
           slice=stats(slices_max), slices_per_decision=slices // max(1, len(totals)),
           steps=stats(steps), checked=checked, differ=differ)


def matcher(count):
    from shared_rules.cubingos.bots import CubingosBot
    for size in (12, 13):
        calls = []
        plans = []
        for k in range(count):
            s = structure(1000 * size + k, size)
            bot = CubingosBot("hard", k)
            for card in range(16):
                t = us()
                s.match_masks(card)
                calls.append(since(t))
                s.card = card
                t = us()
                bot._plan(s, 0)
                plans.append(since(t))
        report("matcher", dice=size, structures=count, call=stats(calls))
        report("cubingos_plan", dice=size, structures=count, call=stats(plans))


def bots(name, level, players, seed, decisions, options=None):
    from shared_rules import registry
    mod = __import__("shared_rules.%s.bots" % name, None, None, ("make_bot",))
    cls = registry.game_class(name)
    opts = None
    label = level
    if options:
        label += " (%s)" % ", ".join(sorted(options))
        opts = dict(cls.DEFAULT_OPTIONS)
        opts.update(options)
    state = cls(players, seed, opts)
    agents = [mod.make_bot(level, seed + i) for i in range(players)]
    times, calls = play_bots(state, agents, decisions)
    report("bots", game=name, level=label, players=players, decision=stats(times),
           idle_collections=calls[3], collect_max_us=calls[4])


def main():
    args = {}
    try:
        with open("bots_args.json") as f:
            args = json.load(f)
    except OSError:
        pass
    gc.collect()
    report("start", free=gc.mem_free())
    matcher(args.get("structures", 12))
    forget_rules()
    for name in ("kocka10000", "cubo"):
        for level in ("easy", "medium", "hard"):
            bots(name, level, 3, 12345, args.get("decisions", 40))
            forget_rules()
    # the Cubo options that give the bots the most to weigh
    bots("cubo", "hard", 3, 12345, args.get("decisions", 40),
         {"yellow": True, "runs_any_order": True})
    forget_rules()
    for players, games in args.get("coloretto", ((3, 2), (2, 1), (5, 1))):
        coloretto(players, games, 1)
        forget_rules()
    print("KB-END")


try:
    main()
except Exception as e:
    print("KX")
    sys.print_exception(e)
