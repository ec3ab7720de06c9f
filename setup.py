"""Build script for the optional compiled solver; everything else is in pyproject.toml.

``cuatrola.ai.search._csolver`` is a small C99 extension (``src/cuatrola/ai/search/_solver.c``).
It is optional: without a C compiler or Python headers the build prints a warning and the
package installs anyway, and ``cuatrola.ai.search.solver`` falls back to its pure-Python twin.
"""

from __future__ import annotations

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """A ``build_ext`` that never fails the install: a failed build only loses speed."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # any build failure must not stop the install
            print(f"warning: the compiled solver was not built ({exc}); using pure Python")

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # see run()
            print(f"warning: could not build {ext.name} ({exc}); using pure Python")


#: The one extension module; ``optional`` so that setuptools, too, treats a failure as a warning.
EXTENSIONS = [
    Extension("cuatrola.ai.search._csolver", ["src/cuatrola/ai/search/_solver.c"], optional=True)
]

if __name__ == "__main__":  # setuptools runs this file as __main__; tests import it
    setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": OptionalBuildExt})
