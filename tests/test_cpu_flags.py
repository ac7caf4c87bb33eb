"""The C builds' flags from ``/proc/cpuinfo``: each instruction set the CPU has, and pext only where it is fast
(no compiler needed: the text alone)."""

from __future__ import annotations

import pytest

from othello_zoo.runtime.native import flags_for

_ZEN2 = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 23\nflags\t\t: fpu popcnt avx2 bmi1 bmi2 abm\n"
_INTEL = _ZEN2.replace("AuthenticAMD", "GenuineIntel").replace("23", "6").replace(" bmi2", "")


@pytest.mark.parametrize(
    ("cpuinfo", "expected"),
    [
        (_ZEN2, ("-mpopcnt", "-mavx2", "-mbmi", "-mbmi2", "-mlzcnt", "-DOTHELLO_ZOO_SLOW_PEXT")),
        (_ZEN2.replace(": 23", ": 25") + _ZEN2, ("-mpopcnt", "-mavx2", "-mbmi", "-mbmi2", "-mlzcnt")),  # the first's
        (_INTEL, ("-mpopcnt", "-mavx2", "-mbmi", "-mlzcnt")),
        ("processor\t: 0\nflags\t\t: fpu sse2\n", ()),
    ],
    ids=["zen2: pext in microcode", "zen3", "intel without bmi2", "sse2 only"],
)
def test_flags_for__each_instruction_the_cpu_has_and_pext_only_where_it_is_fast(
    cpuinfo: str, expected: tuple[str, ...]
) -> None:
    assert flags_for(cpuinfo) == expected
