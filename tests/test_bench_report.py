"""scripts/bench_report.py: pytest-benchmark JSON -> items per second, the table, the README."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import bench_report  # noqa: E402


def bench(function, param, params, best, extra=None, module="test_bench_evaluate"):
    """One benchmark as pytest-benchmark's --benchmark-json writes it (the fields read)."""
    name = f"{function}[{param}]" if param else function
    return {
        "group": None,
        "name": name,
        "fullname": f"benchmarks/{module}.py::{name}",
        "params": params,
        "param": param,
        "extra_info": extra or {},
        "stats": {"min": best, "median": best * 1.5, "rounds": 5, "iterations": 1},
    }


RUN = {
    "datetime": "2026-11-30T04:55:04.321724+00:00",
    "machine_info": {
        "pokerlut": {
            "cpu_model": "Test CPU",
            "cores": 2,
            "python": "3.11.7",
            "numba": "0.68.1",
            "numpy": "2.4.6",
            "threading_layer": "omp",
            "numba_threads": 2,
            "date": "2026-11-30",
        }
    },
    "benchmarks": [
        # 10,000,000 hands in 0.02 s on one thread, and in 0.008 s on two
        bench(
            "test_batch",
            "5-1",
            {"width": 5, "threads": 1},
            0.02,
            {"items": 10_000_000, "unit": "hands", "threads": 1},
        ),
        bench(
            "test_batch",
            "5-2",
            {"width": 5, "threads": 2},
            0.008,
            {"items": 10_000_000, "unit": "hands", "threads": 2},
        ),
        # 1,712,304 boards in 24 ms, all threads (no threads parameter)
        bench(
            "test_exact_omaha",
            None,
            {},
            0.024,
            {"items": 1_712_304, "unit": "boards", "threads": 2},
            module="test_bench_equity",
        ),
        # one call of 0.78 µs: a time, not a rate
        bench(
            "test_evaluate_one_hand",
            "string",
            {"hand": "As Ks Qs Js Ts"},
            7.8e-7,
            {"items": 1, "unit": "call", "threads": 1},
        ),
        # a benchmark that says nothing: its time only
        bench("test_table_build", None, {}, 51.0),
    ],
}


def test_items_per_second_from_the_fastest_round():
    rows = {(r["name"], r["threads"]): r for r in bench_report.summarise(RUN)["benchmarks"]}
    one, two = rows[("test_batch[5-1]", 1)], rows[("test_batch[5-2]", 2)]
    assert one["per_s"] == pytest.approx(5e8) and one["per_s_per_thread"] == pytest.approx(5e8)
    assert two["per_s"] == pytest.approx(1.25e9) and two["per_s_per_thread"] == pytest.approx(6.25e8)
    assert two["best_s"] == 0.008 and two["median_s"] == pytest.approx(0.012) and two["rounds"] == 5
    assert rows[("test_exact_omaha", 2)]["per_s"] == pytest.approx(1_712_304 / 0.024)
    assert rows[("test_evaluate_one_hand[string]", 1)]["per_s"] == pytest.approx(1 / 7.8e-7)
    silent = rows[("test_table_build", None)]
    assert silent["per_s"] is None and silent["per_s_per_thread"] is None and silent["best_s"] == 51.0


def test_the_summary_names_the_machine_and_reads_back_as_it_is():
    summary = bench_report.summarise(RUN)
    assert summary["machine"]["cpu_model"] == "Test CPU" and summary["machine"]["numba"] == "0.68.1"
    again = json.loads(json.dumps(summary))
    assert bench_report.summarise(again) == again
    assert bench_report.markdown(again) == bench_report.markdown(summary)


def test_rates_and_times_are_written_as_in_the_readme():
    assert bench_report.rate(5.51e8, "hands") == "551 M hands/s"
    assert bench_report.rate(1.52e9) == "1.52 G/s"
    assert bench_report.rate(12.0, "boards") == "12 boards/s"
    assert bench_report._time(7.8e-7) == "780 ns" and bench_report._time(0.0099) == "9.9 ms"


def test_the_table_has_a_column_per_thread_count():
    table = bench_report.markdown(bench_report.summarise(RUN))
    assert table.startswith("Test CPU, 2 cores; Python 3.11.7, numba 0.68.1 (omp), numpy 2.4.6; 2026-11-30.")
    lines = table.splitlines()
    assert "| benchmark | one round | 1 thread | 2 threads | time |" in lines
    assert "| evaluate: batch [5] | 10,000,000 hands | 500 M hands/s | 1.25 G hands/s |  |" in lines
    assert "| equity: exact_omaha | 1,712,304 boards |  | 71.3 M boards/s |  |" in lines
    assert "| evaluate: evaluate_one_hand [string] | 1 call | 780 ns |  |  |" in lines
    assert "| evaluate: table_build |  |  |  | 51 s |" in lines


def test_the_readme_gets_the_table_between_its_markers():
    text = f"# Speed\n\n{bench_report.START}\nold figures\n{bench_report.END}\n\n## Next\n"
    once = bench_report.insert(text, "| new |\n")
    assert once == f"# Speed\n\n{bench_report.START}\n\n| new |\n\n{bench_report.END}\n\n## Next\n"
    assert bench_report.insert(once, "| new |\n") == once
    for broken in ("no markers\n", f"{bench_report.END}\n{bench_report.START}\n", text + text):
        with pytest.raises(ValueError, match="README.md: needs one"):
            bench_report.insert(broken, "| new |\n", "README.md")


def test_main_writes_the_summary_the_table_and_the_page(tmp_path):
    run, readme = tmp_path / "run.json", tmp_path / "README.md"
    run.write_text(json.dumps(RUN))
    readme.write_text(f"intro\n{bench_report.START}\n{bench_report.END}\nend\n")
    assert (
        bench_report.main(
            [
                str(run),
                "--json",
                str(tmp_path / "s.json"),
                "--md",
                str(tmp_path / "t.md"),
                "--into",
                str(readme),
            ]
        )
        == 0
    )
    table = (tmp_path / "t.md").read_text()
    assert "| evaluate: batch [5] | 10,000,000 hands | 500 M hands/s |" in table
    assert readme.read_text() == f"intro\n{bench_report.START}\n\n{table}\n{bench_report.END}\nend\n"
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["machine"]["cores"] == 2 and len(summary["benchmarks"]) == 5


def test_bad_input_exits_2_with_one_line(tmp_path, capsys):
    assert bench_report.main([str(tmp_path / "missing.json")]) == 2
    assert bench_report.main([str(tmp_path)]) == 2
    (tmp_path / "x.json").write_text('{"benchmarks": [{"name": "a"}]}')
    assert bench_report.main([str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all(line.startswith("bench_report: ") for line in err)
    assert "missing.json" in err[0] and "not the benchmarks' JSON" in err[2]


def speed_run(simd, per_s, features=None, cpu=None, rows=None, model="Test CPU"):
    """A summary with the first `rows` benchmarks of the speed table (all by default), each at
    `per_s` items/s, on a CPU named `model` (numba's target `cpu` with `features`)."""
    rows = [
        {
            "name": "x",
            "fullname": "benchmarks/test_bench_" + label.split(":")[0] + ".py::x",
            "label": label,
            "threads": t,
            "items": 1000,
            "unit": "hands",
            "per_s": per_s * t,
            "best_s": 1000 / per_s,
        }
        for _, label, *_ in bench_report.SPEED[:rows]
        for t in (1, 2)
    ]
    return {
        "machine": {
            "cpu_model": model,
            "cores": 2,
            "date": "2026-12-02",
            "simd": simd,
            "numba_cpu": cpu,
            "numba_cpu_features": features,
        },
        "benchmarks": rows,
    }


def portable_run(per_s=1e8, rows=None):
    return speed_run("scalar", per_s, cpu="generic", rows=rows)


def test_the_speed_table_takes_its_rows_from_the_three_runs_and_the_peers(monkeypatch):
    monkeypatch.setattr(bench_report, "_label", lambda row: row["label"])
    log = (
        "RESULT ompeval rand7 1000 0.000004 1\nRESULT ompeval-generic rand7 1000 0.000002 1\n"
        "RESULT hhe rand7 1000 0.000005 1\nRESULT pokerlut rand7 1000 0.000001 1\n"
        "RESULT ompeval equity_hu 1712304 0.00084 1\n"
    )
    peers = {
        "rows": [
            {"peer": "eval7", "cards": 7, "peer_per_s": 2.5e6},
            {"peer": "eval7", "cards": 5, "peer_per_s": 1e7},
            {"peer": "treys", "cards": 7, "peer_per_s": 1e5},
        ]
    }
    table = bench_report.speed_table(
        speed_run("AVX-512", 5e8),
        speed_run("AVX2", 2e8, "+avx2", cpu="x86-64"),
        portable_run(1e8, rows=5),
        log,
        peers,
    )
    lines = table.splitlines()
    assert "same machine with numba's target cut to AVX2 (`NUMBA_CPU_FEATURES=+avx2`" in table
    assert "the portable column: no SIMD level at all (`NUMBA_CPU_NAME=generic`" in table
    elsewhere = bench_report.speed_table(
        speed_run("AVX-512", 5e8),
        speed_run("AVX2", 2e8, model="AMD EPYC"),
        portable_run(1e8, rows=5),
        log,
        peers,
    )
    assert "The AVX2 columns: AMD EPYC, a CPU without AVX-512 (2026-12-02)" in elsewhere
    assert "Peers: the same hands on Test CPU, one thread" in elsewhere
    assert lines[2] == (
        "| work | AVX-512, 1 thread | 2 threads | AVX2, 1 thread | 2 threads "
        "| portable, 1 thread | peers, 1 thread |"
    )
    # the faster of OMPEval's two builds; pokerlut's own line in the log is not a peer
    assert lines[4].endswith(
        "| 500 M/s | 1 G/s | 200 M/s | 400 M/s | 100 M/s | OMPEval 500 M/s, holdem-hand-evaluator 200 M/s |"
    )
    one_call = next(line for line in lines if line.startswith("| one `evaluate` call"))
    assert one_call.endswith("| 2 µs | 1 µs | 5 µs | 2.5 µs |  | eval7 400 ns |")  # not run portable
    exact = next(line for line in lines if line.startswith("| exact equity, AsAh"))
    assert exact.endswith("| OMPEval 840 µs |")
    assert len(lines) == 4 + len(bench_report.SPEED)


def test_the_speed_table_needs_runs_of_their_level_and_every_row(monkeypatch):
    monkeypatch.setattr(bench_report, "_label", lambda row: row["label"])
    with pytest.raises(ValueError, match="the AVX2 run's kernels ran on 'AVX-512', not AVX2"):
        bench_report.speed_table(speed_run("AVX-512", 5e8), speed_run("AVX-512", 5e8), portable_run(), "", {})
    with pytest.raises(ValueError, match="the scalar run's kernels ran on 'AVX2', not scalar"):
        bench_report.speed_table(
            speed_run("AVX-512", 5e8), speed_run("AVX2", 5e8), speed_run("AVX2", 5e8), "", {}
        )
    with pytest.raises(ValueError, match="has no benchmark"):
        bench_report.speed_table(
            {"machine": {}, "benchmarks": []}, speed_run("AVX2", 1e8), portable_run(), "", {}
        )
    with pytest.raises(ValueError, match="has no benchmark 'evaluate: batch \\[7\\]'"):
        bench_report.speed_table(
            {"machine": {}, "benchmarks": speed_run("AVX-512", 1e8)["benchmarks"][2:]},
            speed_run("AVX2", 1e8),
            portable_run(),
            "",
            {},
        )


def test_the_readme_speed_table_is_the_committed_results():
    """The README's figures cannot drift from the benchmarks: they are what --speed makes of
    the committed results (after `make bench`, run `bench_report.py --speed README.md`)."""
    readme = Path(__file__).resolve().parents[1] / "README.md"
    assert bench_report.speed_into(readme) == readme.read_text()


def test_the_performance_page_has_the_committed_results():
    page = Path(__file__).resolve().parents[1] / "docs" / "performance.md"
    summary = json.loads((bench_report.BENCHMARKS / "results.json").read_text())
    assert bench_report.insert(page.read_text(), bench_report.markdown(summary)) == page.read_text()
