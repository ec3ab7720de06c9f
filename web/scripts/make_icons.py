"""Render the app icons (web/public/icons/*.png) from SVG with Debian's Chromium.

The PNGs are committed (the build copies them as they are); run this again after changing
public/favicon.svg or the maskable design below:

    .venv/bin/python web/scripts/make_icons.py
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

PUBLIC = Path(__file__).resolve().parents[1] / "public"
# Maskable: the background fills the square and the card stays inside the central 80% circle
# that every launcher keeps (the safe zone), so no mask cuts it.
MASKABLE = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" fill="#1d6b43"/>
<rect x="21" y="15" width="22" height="34" rx="3.5" fill="#fdf9ee" stroke="#7a4b00" stroke-width="1.5"/>
<circle cx="32" cy="32" r="7.5" fill="#e2a91f" stroke="#7a4b00" stroke-width="1.8"/>
</svg>"""


def render(page, svg: str, size: int, out: Path) -> None:
    page.set_viewport_size({"width": size, "height": size})
    sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
    page.set_content(
        "<html><body style='margin:0;background:transparent'>"
        f"<div style='width:{size}px;height:{size}px;line-height:0'>{sized}</div>"
        "</body></html>"
    )
    page.locator("div").first.screenshot(path=str(out), omit_background=True)


def main() -> None:
    favicon = (PUBLIC / "favicon.svg").read_text(encoding="utf-8")
    (PUBLIC / "icons").mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page()
        for size in (192, 512):
            render(page, favicon, size, PUBLIC / "icons" / f"icon-{size}.png")
            render(page, MASKABLE, size, PUBLIC / "icons" / f"maskable-{size}.png")
        browser.close()


if __name__ == "__main__":
    main()
