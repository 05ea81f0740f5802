"""The environments' tests run over every registered game. Skirmish, the test suite's game, is
registered here at collection (the suite's fixture registers it again for the session) so
that the tests' parameters include it, with its encoding, as a plugin game would register its.
"""

from __future__ import annotations

from env.skirmish_encoding import SkirmishEncoding
from support.skirmish import SKIRMISH
from wartable.engine import register
from wartable.env import register_encoding

register(SKIRMISH)
register_encoding("skirmish", SkirmishEncoding)
