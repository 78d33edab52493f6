"""What an adversarial probe sends to a web app's forms and uploads, generated from a seeded
random.Random: odd charsets, huge fields, NULs and control characters, forged formset counts,
bad dates and numbers, malformed CSV, PBN and USEBIO files. tests/clubscore/test_fuzz.py sends
them to every form of the site.

Each value belongs to a family ("nul", "huge", "date", ...), so a family of cases can be set
apart by name (test_fuzz.PENDING)."""

import random
import string

# Values for any text box, by family. Each is something a person, a paste or a script sends.
TEXT = {
    "empty": ["", " ", "\t", "\r\n"],
    "nul": ["\x00", "Ann\x00Smith", "4S N =\x00", "1\x00"],
    "control": ["\x01\x02\x1b[31m", "\x7f\x08", "a\u2028b\u2029c", "\x0bline\x0c", "\x85"],
    "unicode": [
        "Zoë Müller",
        "日本語",
        "مرحبا",
        "\u202eevil",
        "e\u0301" * 50,
        "😀" * 30,
        "\ufeffbom",
        "ǅ",
        "ﬀ",
        "İ",
        "\u00a0",
        "\u200b",
    ],
    "markup": [
        "<script>alert(1)</script>",
        "{{ 7*7 }}",
        "{% debug %}",
        "' OR 1=1 --",
        "%s%s%n",
        "../../etc/passwd",
        "${jndi:ldap://x}",
        "&#0;",
        "%00",
    ],
    "number": [
        "-1",
        "0",
        "1e309",
        "NaN",
        "inf",
        "-0",
        "0x10",
        "1_000",
        "٣",
        "²",
        "1.5",
        "9" * 20,
        "99999999999999999999999",
        "-9223372036854775809",
        "2147483648",
        "32768",
        "65536",
    ],
    "date": [
        "2026-02-30",
        "0000-00-00",
        "0001-01-01",
        "9999-12-31",
        "99999-01-01",
        "1900-01-01",
        "2026-13-01",
        "24/11/2026",
        "11/24/2026",
        "tomorrow",
        "2026-11-24T25:00",
        "-2026-01-01",
    ],
    "huge": ["x" * 10_000, "Ann Smith," * 20_000, "9" * 5_000, "y" * 200_000],
    # What makes a backtracking regular expression take its time: long runs that almost match.
    "regex": [
        "1" * 30_000 + "x",
        " " * 30_000 + "!",
        "4S" + " =" * 10_000,
        "N" * 50_000,
        "((((((((((((((((((((((((((((((",
        "A+" * 5_000 + "/",
        "60% " * 5_000,
        "-" * 30_000,
    ],
    "bridge": [
        "4S N =",
        "7NTXX N -13",
        "3NT+1 N",
        "PASS",
        "60% 4S N = + 40% 4S N -1",
        "A+/A-",
        "4S N = F2",
        "NP",
        "-100",
        "8S N =",
        "4S N +9",
        "4S Q =",
        "1H" * 200,
        "60/40",
    ],
}
TEXT_FAMILIES = sorted(TEXT)

# A choice no select, radio button or hidden field offers.
CHOICES = ["", "-1", "0", "999999", "x", "on", "\x00", "1" * 30]

# A formset's management form: the counts a forged post changes.
FORMSET_COUNTS = ["-1", "0", "1001", "1000000", "99999999999999999999", "abc", "", "1e3"]
FORMSET_TOTALS = ["1001", "1000000", "2147483648", "99999999999999999999"]


def text_value(rng: random.Random, family: str) -> str:
    return rng.choice(TEXT[family])


def random_text(rng: random.Random, length: int) -> str:
    alphabet = string.printable + "\x00\x01\x7féü€😀\u202e"
    return "".join(rng.choice(alphabet) for _ in range(length))


# --- files ---------------------------------------------------------------------------------

CSV_HEADER = "board,ns,ew,contract,declarer,result\n"
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def csv_file(rng: random.Random) -> tuple[str, bytes]:
    good = CSV_HEADER + "1,1,1,4S,N,=\n1,2,2,4S,N,+1\n"
    choice = rng.randrange(11)
    text = [
        good,
        good + "1,3,3,4S,N,=\x00\n",
        good + "1,3,3," + "x" * 140_000 + ",N,=\n",
        good + '1,3,3,"4S,N,=\n1,4,4,4S,N,=\n',
        "\ufeff" + good,
        good.replace("\n", "\r"),
        "",
        CSV_HEADER + "99999999999999999999,1,1,4S,N,=\n",
        "board;ns;ew;contract;declarer;result\n1;1;1;4S;N;=\n",
        CSV_HEADER + "".join(f"1,{n},{n},4S,N,=\n" for n in range(1, 3000)),
        random_text(rng, 300),
    ][choice]
    encoding = rng.choice(["utf-8", "utf-8", "utf-16", "latin-1", "cp1252"])
    return rng.choice(["travellers.csv", "x.CSV", "a b.csv"]), text.encode(encoding, "replace")


def pbn_file(rng: random.Random) -> tuple[str, bytes]:
    game = (
        f'[Event "Club night"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
    )
    results = (
        '[ScoreTable "Section;PairId_NS\\2R;PairId_EW\\2R;Contract\\3L;Declarer;Result\\2R"]\n'
        "A  1  1 4S  N 10\n"
    )
    choice = rng.randrange(10)
    text = [
        game + results,
        game.replace("Club night", "Club\x00night") + results,
        game.replace('[Board "1"]', '[Board "99999999999999999999"]') + results,
        game.replace('[Board "1"]', '[Board "²"]') + results,
        game.replace(DEAL, "N:" + "A" * 70_000) + results,
        game + "{" * 1000 + results,
        '[Event "' + "x" * 200_000 + '"]\n',
        game.replace('"None"', '"Sideways"') + results,
        game + results.replace("10", "99"),
        random_text(rng, 500),
    ][choice]
    encoding = rng.choice(["utf-8", "latin-1", "utf-16"])
    return rng.choice(["results.pbn", "hands.PBN"]), text.encode(encoding, "replace")


def usebio_file(rng: random.Random) -> tuple[str, bytes]:
    choice = rng.randrange(8)
    text = [
        '<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"/></USEBIO>',
        '<?xml version="1.0"?><USEBIO><EVENT><EVENT_DESCRIPTION>a\x00b</EVENT_DESCRIPTION>'
        "</EVENT></USEBIO>",
        '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
        "<USEBIO><EVENT>&b;</EVENT></USEBIO>",
        "<USEBIO>" + "<EVENT>" * 5000 + "</EVENT>" * 5000 + "</USEBIO>",
        '<?xml version="1.0" encoding="utf-16"?><USEBIO/>',
        "<USEBIO><EVENT><SESSION><SECTION><BOARD><BOARD_NUMBER>99999999999999999999"
        "</BOARD_NUMBER></BOARD></SECTION></SESSION></EVENT></USEBIO>",
        "<not-xml",
        random_text(rng, 400),
    ][choice]
    return rng.choice(["results.xml", "u.XML"]), text.encode("utf-8", "replace")


def other_file(rng: random.Random) -> tuple[str, bytes]:
    choice = rng.randrange(6)
    return [
        ("results.bws", bytes(rng.randrange(256) for _ in range(2048))),
        ("results.bws", b"Standard Jet DB\x00" + bytes(600)),
        ("empty.csv", b""),
        ("no-extension", b"1,2,3\n"),
        ("huge.csv", b"1,1,1,4S,N,=\n" * 160_000),
        ("name\x00.csv", b"board,ns\n"),
    ][choice]


FILE_MAKERS = {"csv": csv_file, "pbn": pbn_file, "usebio": usebio_file, "other": other_file}


def a_file(rng: random.Random, family: str) -> tuple[str, bytes]:
    return FILE_MAKERS[family](rng)
