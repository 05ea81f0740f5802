"""One package per game. Also callable: ``wartable.games()`` lists the registered games.

Importing a game package (``wartable.games.votoms``) makes ``wartable.games`` this package
instead of the registry's function, so the package itself answers the call of the contract.
"""

import sys
from types import ModuleType


class _GamesPackage(ModuleType):
    def __call__(self) -> list[str]:
        from wartable.engine.registry import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage
