"""The meniscus note's 3D knee: both menisci show at the note's camera on a
phone and on a desktop, the page scrolls over the model until the participant
chooses to turn it, Reset view brings the camera back, and the model and its
poster are what Tools/make-knee-model.py builds."""
import json
import re
import struct
import subprocess
import sys

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, ROOT, console_errors, make_driver, screenshot

# Pixels of each meniscus's colour on the canvas (the viewer lifts a
# highlighted part's own colour; bone is a muted beige): count and mean x.
MENISCUS_PIXELS = """
const canvas = arguments[0];
const probe = document.createElement('canvas');
probe.width = canvas.width; probe.height = canvas.height;
const context = probe.getContext('2d');
context.drawImage(canvas, 0, 0);
const pixels = context.getImageData(0, 0, probe.width, probe.height).data;
const found = {medial: [0, 0], lateral: [0, 0]};
for (let i = 0; i < pixels.length; i += 4) {
  const r = pixels[i], g = pixels[i + 1], b = pixels[i + 2];
  const x = (i / 4) % probe.width;
  const kind = r > g + 60 && r > b + 60 ? 'medial' : (b > r + 90 && b > g + 30 ? 'lateral' : null);
  if (kind) { found[kind][0] += 1; found[kind][1] += x; }
}
return {width: probe.width, height: probe.height,
        medial: {count: found.medial[0], x: found.medial[1] / Math.max(found.medial[0], 1)},
        lateral: {count: found.lateral[0], x: found.lateral[1] / Math.max(found.lateral[0], 1)}};
"""


def open_model(driver, site):
    driver.get((site / "education/meniscus.html").as_uri())
    canvas = WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".model-stage canvas"))[0]
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(MENISCUS_PIXELS, canvas)["medial"]["count"] > 0)
    return canvas


def marker(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f".annotation-marker[aria-describedby='annotation-{name}']")


@pytest.mark.parametrize("metrics", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_both_menisci_show_at_the_notes_camera(site, metrics):
    driver = make_driver(metrics)
    try:
        canvas = open_model(driver, site)
        driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", canvas)
        screenshot(driver, f"knee-model-{'phone' if metrics is PHONE else 'desktop'}")
        seen = driver.execute_script(MENISCUS_PIXELS, canvas)
        area = seen["width"] * seen["height"]
        # Each meniscus covers a fair share of the picture, not a sliver past
        # the kneecap; the lateral one, smaller and further away, at least half
        # as much as the medial one.
        assert seen["medial"]["count"] > area * 0.005, seen
        assert seen["lateral"]["count"] > max(area * 0.005, seen["medial"]["count"] * 0.5), seen
        # A right knee from the front: medial on the viewer's right, lateral on the left, well apart.
        assert seen["medial"]["x"] - seen["lateral"]["x"] > seen["width"] * 0.2, seen
        # Their numbered markers sit on the canvas, over their own colour's side.
        box = canvas.rect
        for name in ["medial_meniscus", "lateral_meniscus"]:
            pin = marker(driver, name).rect
            centre = (pin["x"] + pin["width"] / 2, pin["y"] + pin["height"] / 2)
            assert box["x"] < centre[0] < box["x"] + box["width"] and box["y"] < centre[1] < box["y"] + box["height"]
        assert marker(driver, "lateral_meniscus").rect["x"] < marker(driver, "medial_meniscus").rect["x"]
        assert console_errors(driver) == []
    finally:
        driver.quit()


def test_the_page_scrolls_over_the_model_until_the_participant_turns_it(site):
    driver = make_driver(PHONE)
    try:
        canvas = open_model(driver, site)
        driver.execute_script("window.scrollTo(0, 0)")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", canvas)
        camera = "return document.querySelector('.model-stage canvas').toDataURL().length"

        def swipe_up():
            """A one-finger swipe up, from low on the canvas where no marker is."""
            box = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", canvas)
            x, y = box["x"] + 24, box["y"] + box["height"] - 24
            assert driver.execute_script("return document.elementFromPoint(arguments[0], arguments[1])", x, y) == canvas
            before = driver.execute_script("return window.scrollY")
            touch = "Input.dispatchTouchEvent"
            driver.execute_cdp_cmd(touch, {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            for step in range(1, 11):
                driver.execute_cdp_cmd(touch, {"type": "touchMove", "touchPoints": [{"x": x + step, "y": y - 20 * step}]})
            driver.execute_cdp_cmd(touch, {"type": "touchEnd", "touchPoints": []})
            return driver.execute_script("return window.scrollY") - before

        assert swipe_up() > 100, "a one-finger swipe over the model scrolls the page"
        # A mouse wheel over the model scrolls the page too.
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", canvas)
        before = driver.execute_script("return window.scrollY")
        box = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", canvas)
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": box["x"] + 24, "y": box["y"] + 100,
                                                            "deltaX": 0, "deltaY": 300})
        WebDriverWait(driver, 5).until(lambda d: d.execute_script("return window.scrollY") > before)
        # The wheel scrolls smoothly: a click while the page still glides lands
        # where the button was, not where it is, so wait for the page to stop.
        WebDriverWait(driver, 5).until(lambda d: d.execute_script(
            "return new Promise(done => { const y = scrollY;"
            " requestAnimationFrame(() => requestAnimationFrame(() => done(scrollY === y))); })"))

        turn = driver.find_element(By.XPATH, "//button[normalize-space()='Turn the model']")
        driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", turn)
        turn.click()
        assert turn.text == "Done turning"
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", canvas)
        picture = driver.execute_script(camera)
        assert abs(swipe_up()) < 5, "while turning, a swipe turns the model instead"
        WebDriverWait(driver, 5).until(lambda d: d.execute_script(camera) != picture)

        reset = driver.find_element(By.XPATH, "//button[normalize-space()='Reset view']")
        driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", reset)
        reset.click()
        turn.click()
        assert turn.text == "Turn the model"
        seen = WebDriverWait(driver, 5).until(
            lambda d: (lambda s: s if s["lateral"]["count"] > 0 else None)(d.execute_script(MENISCUS_PIXELS, canvas)))
        assert seen["medial"]["x"] > seen["lateral"]["x"], "the reset view is the front view again"
        assert console_errors(driver) == []
    finally:
        driver.quit()


def test_without_webgl_the_poster_is_shown(site):
    driver = make_driver(PHONE, webgl=False)
    try:
        driver.get((site / "education/meniscus.html").as_uri())
        poster = driver.find_element(By.CSS_SELECTOR, ".model-stage img.model-poster")
        WebDriverWait(driver, 5).until(lambda d: d.execute_script("return arguments[0].naturalWidth", poster) > 0)
        assert poster.is_displayed()
        assert driver.find_elements(By.CSS_SELECTOR, ".model-toolbar") == []
    finally:
        driver.quit()


def test_the_committed_model_and_poster_are_what_the_script_builds():
    result = subprocess.run([sys.executable, str(ROOT / "Tools/make-knee-model.py"), "--check"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_models_parts_are_named_as_the_notes_annotations():
    data = (ROOT / "Public/models/knee.glb").read_bytes()
    length = struct.unpack("<I", data[12:16])[0]
    names = {node.get("name") for node in json.loads(data[20:20 + length])["nodes"]}
    note = (ROOT / "content/education/meniscus.md").read_text()
    ids = set(re.findall(r"- id: (\w+)", note))
    assert {"medial_meniscus", "lateral_meniscus", "femur", "tibia", "patella"} <= ids <= names
