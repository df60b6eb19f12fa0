"""Every screen fits a phone, in each of Recover's languages and at 200 %
text: each menu item inside the viewport (measured box by box, not by the
page's width), nothing wider than the screen, every scale step a target
of at least 44 × 44 px with its number inside it, the care team's cards
inside their column, every control named for a screen reader, and no word
said twice in a control's name."""
import pytest
from selenium.webdriver.common.by import By

import subprocess

from conftest import CAREFEED, PHONE, DESKTOP, Server, TODAY, carefeed, make_driver, screenshot
from test_own_study import onboard
from test_participant_day import join

OUTSIDE = """
const width = document.documentElement.clientWidth;
return [...document.querySelectorAll(arguments[0])].filter(element => {
  const box = element.getBoundingClientRect();
  return box.width > 0 && (box.left < -0.5 || box.right > width + 0.5);
}).map(element => element.textContent.trim() + ' ' + JSON.stringify(element.getBoundingClientRect()));
"""

BROKEN_DAY_NAMES = """
return [...document.querySelectorAll('.week-day')].flatMap(name => [...name.childNodes]).flatMap(node => {
  const text = node.nodeType === Node.TEXT_NODE ? node : node.firstChild;
  if (!text || (node !== text && node.offsetParent === null)) return [];
  const range = document.createRange(); range.selectNodeContents(text);
  const lines = new Set([...range.getClientRects()].map(box => Math.round(box.top)));
  return lines.size > 1 ? [text.textContent] : [];
});
"""

# A word that would fit a whole line, broken between its letters: a button's "Beginne|n", a heading's
# "Beweglichk|eit". A word longer than its line may break; one in Chinese or Japanese breaks anywhere.
BROKEN_WORDS = """
const broken = [];
for (const root of document.querySelectorAll('main, .site-footer')) {
const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
for (let text = walker.nextNode(); text; text = walker.nextNode()) {
  const holder = text.parentElement;
  if (!holder || holder.closest('code, .hash, a[href^="mailto:"] bdi, [aria-hidden="true"], svg') || holder.offsetParent === null) continue;
  let block = holder;
  while (block && getComputedStyle(block).display.startsWith('inline') && block.parentElement) block = block.parentElement;
  const room = block.clientWidth;
  // Words as lines break them: a no-break space (a time's "8:00 AM") joins its two sides into one.
  for (const match of text.textContent.matchAll(/[^ \\t\\n\\r]+/g)) {
    if (/[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]/u.test(match[0])) continue;
    const range = document.createRange();
    const top = offset => {
      range.setStart(text, offset); range.setEnd(text, offset + 1);
      const box = [...range.getClientRects()].find(box => box.width > 0);
      return box ? Math.round(box.top) : null;
    };
    range.setStart(text, match.index); range.setEnd(text, match.index + match[0].length);
    const width = [...range.getClientRects()].reduce((sum, box) => sum + box.width, 0);
    if (width > room) continue;
    // Broken where a line ends between two letters or digits: "Beginne|n", not "REB-|2026".
    for (let at = match.index + 1; at < match.index + match[0].length; at++) {
      const [before, after] = [text.textContent[at - 1], text.textContent[at]];
      if (/[\\p{L}\\p{N}]/u.test(before) && /[\\p{L}\\p{N}]/u.test(after) && top(at - 1) !== null && top(at) !== null
          && top(at) > top(at - 1) + 2) { broken.push(match[0]); break; }
    }
  }
}
}
return broken;
"""

CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=img]"


def assert_named_once(driver, page):
    """Every control has an accessible name, as Chromium computes it for a screen reader, and no word in it is said twice."""
    for control in driver.find_elements(By.CSS_SELECTOR, CONTROLS):
        if not control.is_displayed():
            continue
        name = control.accessible_name.strip()
        assert name, f"{page}: a {control.tag_name} with no accessible name: {control.get_attribute('outerHTML')[:160]}"
        # A name that replaces the words shown keeps them, in order, for someone who says what they see (WCAG 2.5.3).
        if control.get_attribute("aria-label") and "contact-line" in (control.find_element(By.XPATH, "..").get_attribute("class") or ""):
            def spoken(text):  # as heard: bidi isolation marks are silent
                return " ".join(text.translate({mark: None for mark in range(0x2066, 0x206A)}).split()).casefold()
            assert spoken(control.text) in spoken(name), f"{page}: “{control.text}” is not in its name “{name}”"
        # Case kept: German's "wie Sie sie" is two words, "unter unter" one said twice.
        words = [word.strip(".,:;!?“”\"'()") for word in name.split()]
        assert all(one != other for one, other in zip(words, words[1:])), f"{page}: a word said twice in “{name}”"

SCALE = """
return [...document.querySelectorAll('.scale-options label')].map(label => {
  const box = label.getBoundingClientRect();
  return [label.textContent.trim(), box.width, box.height, label.scrollWidth <= label.clientWidth + 0.5];
});
"""


def assert_fits(driver, page):
    outside = driver.execute_script(OUTSIDE, ".nav a, .nav span, main *, footer *")
    assert outside == [], f"{page}: outside the screen: {outside[:5]}"
    sideways = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert sideways <= 0, f"{page} scrolls sideways by {sideways} px"
    small = driver.execute_script("return [...document.querySelectorAll('.nav a, .site-footer a, .site-footer button')]"
                                  ".filter(link => link.offsetParent !== null && link.getBoundingClientRect().height < 44)"
                                  ".map(link => link.textContent.trim())")
    assert small == [], f"{page}: menu and footer targets under 44 px tall: {small}"
    peeking = driver.execute_script("const link = document.querySelector('.skip-link');"
                                    "return link ? window.scrollY + link.getBoundingClientRect().bottom : 0;")
    assert peeking <= 0, f"{page}: the skip link shows {peeking:.0f} px before it has the focus"
    broken = driver.execute_script(BROKEN_DAY_NAMES)
    assert broken == [], f"{page}: a day's name in the week strip is broken between its letters: {broken}"
    broken = driver.execute_script(BROKEN_WORDS)
    assert broken == [], f"{page}: words that fit a line broken between their letters: {broken[:8]}"


@pytest.fixture(scope="module")
def recover(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("fit"), participant="fit")
    join(server)
    yield server
    server.stop()


@pytest.mark.parametrize("language", ["en-US", "de-DE"])
@pytest.mark.parametrize("text_size", [100, 200])
def test_each_participant_page_fits_a_phone(recover, language, text_size):
    driver = make_driver(PHONE, webgl=False, language=language, text_size=text_size)
    try:
        for path in [f"/feed/{TODAY}", "/care-team", "/tasks/checkIn/0", "/insights", "/consent", "/education"]:
            driver.get(recover.url + path)
            assert_fits(driver, f"{path} in {language} at {text_size} %")
            if text_size == 100:
                assert_named_once(driver, f"{path} in {language}")
                # At ordinary text size the week strip names its days; only large text needs their initials.
                initials = driver.execute_script("return [...document.querySelectorAll('.week-day .day-initial')]"
                                                 ".filter(initial => initial.offsetParent !== null).length")
                assert initials == 0, f"{path}: the week strip shows initials at 100 % text"
            if path.startswith("/tasks/"):
                steps = driver.execute_script(SCALE)
                assert len(steps) == 11, steps
                for number, width, height, inside in steps:
                    assert width >= 44 and height >= 44, f"step {number}: {width:.0f} × {height:.0f} px"
                    assert inside, f"step {number}'s number spills out of its box"
            screenshot(driver, f"fit{path.replace('/', '-')}-{language}-{text_size}")
    finally:
        driver.quit()


@pytest.mark.parametrize("metrics", [PHONE, DESKTOP])
def test_each_clinician_menu_item_is_in_view(site, metrics):
    driver = make_driver(metrics, webgl=False, text_size=200 if metrics is PHONE else 100)
    try:
        first = next(site.glob("participants/*/index.html"))
        pages = [site / "index.html", site / "overview.html", site / "protocol.html"] + [first.parent / page for page in
                                                                  ["index.html", "insights.html", "consent.html", "audit.html"]]
        for page in [page for page in pages if page.exists()]:
            driver.get(page.as_uri())
            outside = driver.execute_script(OUTSIDE, ".nav a, .nav span")
            assert outside == [], f"{page.name}: menu items outside the screen: {outside}"
            assert_named_once(driver, str(page.relative_to(site)))
            broken = driver.execute_script(BROKEN_WORDS)
            assert broken == [], f"{page.relative_to(site)}: words that fit a line broken between their letters: {broken[:8]}"
            # A wide table scrolls in its own box; the page itself never sideways.
            sideways = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert sideways <= 0, f"{page.relative_to(site)} scrolls sideways by {sideways} px"
    finally:
        driver.quit()


@pytest.mark.parametrize("language", ["en-US", "de-DE"])
def test_the_worklist_keeps_every_column_in_view_on_a_desktop(tmp_path, language):
    """The clinicians' worklist needs no sideways scroll at 1280 px in either of Recover's languages:
    German's long headings wrap, and a sort arrow goes under its heading where the column is narrow."""
    carefeed("demo", "--store", str(tmp_path / "care.sqlite"), "--participants", "12", "--days", "60", "--today", TODAY)
    carefeed("build", "--store", str(tmp_path / "care.sqlite"), "--out", str(tmp_path / "Site"), "--today", TODAY,
             "--language", language)
    driver = make_driver(DESKTOP, webgl=False)
    try:
        driver.get((tmp_path / "Site/index.html").as_uri())
        table, box = driver.execute_script("const t = document.querySelector('table.participants');"
                                           "return [t.scrollWidth, t.parentElement.clientWidth];")
        assert table <= box, f"the worklist is {table} px in a {box} px box in {language}"
        screenshot(driver, f"worklist-{language}-desktop")
    finally:
        driver.quit()


@pytest.mark.parametrize("language, text_size", [("fr", 100), ("es", 100), ("ar", 100), ("ar", 200), ("ja", 100),
                                                 ("zh-Hans", 100)])
def test_the_starter_study_fits_a_phone_in_each_built_in_language(tmp_path, language, text_size):
    """The study `carefeed init --language` writes, joined and walked on a phone in its own language; in
    Arabic at 200 % text too, right to left."""
    subprocess.run([CAREFEED, "init", str(tmp_path / "study"), "--language", language], check=True, capture_output=True)
    server = Server(tmp_path, participant="fit", extra=("--content", str(tmp_path / "study/content"),
                                                         "--public", str(tmp_path / "study/public")))
    driver = make_driver(PHONE, webgl=False, language=language, text_size=text_size)
    try:
        onboard(driver, server)
        pages = [f"/feed/{TODAY}", "/care-team", "/insights", "/consent", "/education"]
        tasks = [link.get_attribute("href") for link in driver.find_elements(By.CSS_SELECTOR, "a.button[href*='/tasks/']")]
        for path in pages + [href.split(str(server.port), 1)[1] for href in tasks[:1]]:
            driver.get(server.url + path)
            assert_fits(driver, f"{path} in {language}")
            assert_named_once(driver, f"{path} in {language}")
            for number, width, height, inside in driver.execute_script(SCALE):
                assert width >= 44 and height >= 44 and inside, f"{path}: step {number} is {width:.0f} × {height:.0f} px"
            screenshot(driver, f"starter-{language}{path.replace('/', '-')}-phone{'' if text_size == 100 else f'-{text_size}'}")
    finally:
        driver.quit()
        server.stop()
