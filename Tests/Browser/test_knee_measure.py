"""The knee bend measured with the phone (`measure: kneeFlexion`): on a phone
whose tilt Chromium emulates, Start with the leg straight, bend, Done puts
the angle into the number field, and Save stores it. Without sensors the
field is typed as any other."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import harness
from conftest import TODAY, console_errors, screenshot, wait_for_next_page

SURVEY = "/tasks/rangeOfMotion/0"


def signed_in(driver, server):
    """The browser of a participant who has finished onboarding."""
    session = harness.Session(server.port)
    session.onboard()
    driver.get(server.url + "/education")  # a page of the server, so the cookie can be set for it
    name, value = session.cookie.split("=", 1)
    driver.add_cookie({"name": name, "value": value, "path": "/"})
    return driver


def tilt(driver, beta):
    """The phone's tilt forwards or back, in degrees; flat on its back is 0."""
    driver.execute_cdp_cmd("DeviceOrientation.setDeviceOrientationOverride", {"alpha": 20, "beta": beta, "gamma": 0})


def wait_for_angle(driver, text):
    WebDriverWait(driver, 5).until(
        lambda current: current.find_element(By.CSS_SELECTOR, ".measure-angle").text == text)


def test_the_phone_measures_the_knee_bend_and_it_is_saved(phone, server):
    signed_in(phone, server)
    tilt(phone, 2)  # lying along a straight leg, held out level
    phone.get(server.url + SURVEY)
    panel = phone.find_element(By.CSS_SELECTOR, "[data-measure=kneeFlexion]")
    assert panel.is_displayed(), "the panel shows where the browser has the sensors' API"
    field = phone.find_element(By.ID, "field-range")
    start = panel.find_element(By.XPATH, ".//button[normalize-space()='Start']")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", start)
    start.click()
    done = panel.find_element(By.XPATH, ".//button[normalize-space()='Done']")
    WebDriverWait(phone, 5).until(lambda _: done.is_displayed())
    wait_for_angle(phone, "0°")

    # Bending: the shin (and the phone on it) turns up past upright, then back a little.
    for beta, shown in [(47, "45°"), (97, "95°"), (117, "115°"), (92, "90°")]:
        tilt(phone, beta)
        wait_for_angle(phone, shown)
    screenshot(phone, "knee-measure-phone")
    live = panel.find_element(By.CSS_SELECTOR, "[aria-live]")
    assert live.get_attribute("textContent").endswith("degrees")

    done.click()
    assert field.get_attribute("value") == "115", "the largest bend goes into the field"
    assert "115 degrees" in panel.find_element(By.CSS_SELECTOR, "[role=status]").text
    assert not done.is_displayed()

    # The participant may still change it; what is in the field is saved.
    field.clear()
    field.send_keys("112")
    page = phone.find_element(By.TAG_NAME, "html")
    phone.find_element(By.XPATH, "//button[normalize-space()='Save answers']").click()
    wait_for_next_page(phone, page)
    phone.get(server.url + f"/feed/{TODAY}")
    assert "112 degrees" in phone.find_element(By.TAG_NAME, "main").text
    assert console_errors(phone) == []


def test_a_device_without_a_tilt_sensor_says_so_and_the_field_still_takes_a_number(phone, server):
    signed_in(phone, server)
    phone.get(server.url + SURVEY)
    panel = phone.find_element(By.CSS_SELECTOR, "[data-measure=kneeFlexion]")
    start = panel.find_element(By.XPATH, ".//button[normalize-space()='Start']")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", start)
    start.click()
    status = panel.find_element(By.CSS_SELECTOR, "[role=status]")
    WebDriverWait(phone, 8).until(lambda _: "Type the angle" in status.text)
    assert start.is_displayed()
    field = phone.find_element(By.ID, "field-range")
    assert field.get_attribute("value") == ""
    field.send_keys("95")
    page = phone.find_element(By.TAG_NAME, "html")
    phone.find_element(By.XPATH, "//button[normalize-space()='Save answers']").click()
    wait_for_next_page(phone, page)
    phone.get(server.url + f"/feed/{TODAY}")
    assert "95 degrees" in phone.find_element(By.TAG_NAME, "main").text


def test_without_script_the_panel_stays_hidden(phone, server):
    signed_in(phone, server)
    phone.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    phone.get(server.url + SURVEY)
    assert not phone.find_element(By.CSS_SELECTOR, "[data-measure=kneeFlexion]").is_displayed()
    assert phone.find_element(By.ID, "field-range").is_displayed()
