"""The FHIR R4 Bundles CareFeed writes, parsed and validated by the
`fhir.resources` package's R4B models (R4 and R4B agree on every resource
used here): the study's `export --format fhir` of a demo store, and a
participant's `/my-data` from a running `carefeed serve`."""
import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from fhir.resources.R4B.bundle import Bundle

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/Reliability"))
import harness  # noqa: E402  (starting `carefeed serve` is shared with the reliability checks)

PAIN = "72514-3"
TODAY = "2026-11-30"


def carefeed(*arguments):
    return subprocess.run([harness.CAREFEED, *arguments], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def validated(text):
    """The Bundle as `fhir.resources` parses it (it raises on anything R4B refuses), and as plain JSON."""
    bundle = Bundle.model_validate_json(text)
    assert bundle.type == "collection"
    return bundle, json.loads(text)


def resources(document, resource_type):
    return [entry["resource"] for entry in document["entry"] if entry["resource"]["resourceType"] == resource_type]


def check_pain(document):
    """Pain is LOINC 72514-3 with a 0-10 integer, derived from a response in the Bundle."""
    urls = {entry["fullUrl"] for entry in document["entry"]}
    pain = [o for o in resources(document, "Observation")
            if any(c.get("system") == "http://loinc.org" and c["code"] == PAIN for c in o["code"]["coding"])]
    assert pain
    for observation in pain:
        assert 0 <= observation["valueInteger"] <= 10
        assert observation["status"] == "final"
        assert observation["derivedFrom"][0]["reference"] in urls
        assert observation["subject"]["reference"] in urls
    return pain


def check_consents(document):
    """Each signed document's SHA-1 (FHIR's hash) and SHA-256 (CareFeed's) are of its bytes."""
    consents = resources(document, "Consent")
    for consent in consents:
        attachment = consent["sourceAttachment"]
        data = base64.b64decode(attachment["data"])
        assert attachment["contentType"] == "text/html"
        assert attachment["hash"] == base64.b64encode(hashlib.sha1(data).digest()).decode()
        assert attachment["extension"][0]["valueString"] == hashlib.sha256(data).hexdigest()
    return consents


@pytest.fixture(scope="module")
def demo_store():
    folder = Path(tempfile.mkdtemp(prefix="carefeed-fhir-"))
    store = folder / "care.sqlite"
    carefeed("demo", "--store", str(store), "--participants", "5", "--days", "21", "--today", TODAY)
    yield store
    shutil.rmtree(folder, ignore_errors=True)


def test_the_study_export_is_a_valid_r4_bundle_with_pain_in_loinc_and_no_names(demo_store):
    bundle, document = validated(carefeed("export", "--store", str(demo_store), "--format", "fhir"))
    kinds = {entry.resource.get_resource_type() for entry in bundle.entry}
    assert kinds == {"Patient", "Questionnaire", "QuestionnaireResponse", "Observation", "Consent"}
    check_pain(document)
    assert len(check_consents(document)) >= 3
    patients = resources(document, "Patient")
    assert len(patients) == 5
    assert all("name" not in patient for patient in patients)
    units = {o["valueQuantity"].get("code") for o in resources(document, "Observation")
             if "valueQuantity" in o and not is_score(o)}
    assert units == {"h", "deg"}
    questionnaires = {q["url"] + "|" + q["version"] for q in resources(document, "Questionnaire")}
    assert {r["questionnaire"] for r in resources(document, "QuestionnaireResponse")} <= questionnaires


SCORES = "http://carefeed.example/fhir/CodeSystem/score/"


def is_score(observation):
    return observation["code"]["coding"][0]["system"].startswith(SCORES)


def test_a_follow_up_is_enabled_when_its_answer_and_a_score_is_derived_from_its_response(demo_store):
    _, document = validated(carefeed("export", "--store", str(demo_store), "--format", "fhir"))
    [knee] = [q for q in resources(document, "Questionnaire") if q["url"].endswith("/kneeFunction")]
    items = {item["linkId"]: item for item in knee["item"]}
    assert items["lockingOften"]["enableWhen"] == [{"question": "locking", "operator": "=", "answerBoolean": True}]
    assert "enableWhen" not in items["locking"]
    responses = {entry["fullUrl"]: entry["resource"] for entry in document["entry"]
                 if entry["resource"]["resourceType"] == "QuestionnaireResponse"}
    scores = [o for o in resources(document, "Observation") if is_score(o)]
    assert scores, "the demo answers the knee function questionnaire"
    for score in scores:
        assert score["code"]["coding"][0] == {"system": SCORES + "kneeFunction", "code": "kneeScore", "display": "Knee function"}
        assert 0 <= score["valueQuantity"]["value"] <= 100
        response = responses[score["derivedFrom"][0]["reference"]]
        assert response["questionnaire"].startswith(knee["url"] + "|")
        # Worked out again from the response's own answers: 100 − 25 × the mean, trust counted the other way round.
        answers = {item["linkId"]: item["answer"][0] for item in response["item"] if "answer" in item}
        scored = [int(answers[k].get("valueCoding", {}).get("code") or answers[k].get("valueString"))
                  for k in ["painOften", "painStairs", "painNight", "stiffMorning", "stiffLater", "rising", "walking", "socks"]
                  if k in answers]
        if "trust" in answers:
            scored.append(4 - int(answers["trust"].get("valueCoding", {}).get("code") or answers["trust"].get("valueString")))
        assert abs(score["valueQuantity"]["value"] - (100 - 25 * sum(scored) / len(scored))) < 1e-9
    declined = [item for response in responses.values() for item in response.get("item", [])
                if item.get("extension", [{}])[0].get("valueCode") == "asked-declined"]
    assert all("answer" not in item for item in declined)


def test_names_and_one_participant_as_asked(demo_store):
    _, named = validated(carefeed("export", "--store", str(demo_store), "--format", "fhir", "--names"))
    assert all(patient["name"][0]["text"] for patient in resources(named, "Patient"))
    _, one = validated(carefeed("export", "--store", str(demo_store), "--format", "fhir", "--participant", "r001"))
    assert [p["identifier"][0]["value"] for p in resources(one, "Patient")] == ["r001"]
    again = carefeed("export", "--store", str(demo_store), "--format", "fhir", "--participant", "r001")
    assert json.loads(again) == one, "the same store gives the same Bundle"


def test_my_data_from_a_running_server_is_a_valid_r4_bundle_with_the_participants_answers():
    folder = Path(tempfile.mkdtemp(prefix="carefeed-my-data-"))
    server = harness.Server(folder / "care.sqlite", harness.ENROLLED, participant="mine")
    try:
        session = harness.Session(server.port)
        session.onboard()
        assert session.post("/tasks/checkIn/0", [("pain", "4"), ("sleep", "6.5")]) == 303
        assert session.post("/tasks/rangeOfMotion/0", [("range", "88")]) == 303
        _, consent_page, _ = session.request("GET", "/consent")
        assert 'href="/my-data" download>Download my data</a>' in consent_page
        status, body, headers = session.request("GET", "/my-data")
        assert status == 200
        assert headers["content-type"] == "application/fhir+json"
        assert headers["content-disposition"] == 'attachment; filename="my-data-mine.json"'
        _, document = validated(body)
        assert [o["valueInteger"] for o in check_pain(document)] == [4]
        quantities = sorted((o["valueQuantity"]["value"], o["valueQuantity"]["code"])
                            for o in resources(document, "Observation") if "valueQuantity" in o)
        assert quantities == [(6.5, "h"), (88, "deg")]
        [consent] = check_consents(document)
        assert consent["status"] == "active"
        [patient] = resources(document, "Patient")
        assert patient["name"][0]["text"] == "Preview participant"
    finally:
        assert server.stop() == 0
    # The study's export of the same store: the same Patient, without the name.
    _, study = validated(carefeed("export", "--store", str(folder / "care.sqlite"), "--format", "fhir"))
    [anonymous] = resources(study, "Patient")
    assert "name" not in anonymous and anonymous["id"] == patient["id"]
    shutil.rmtree(folder, ignore_errors=True)


def test_the_validator_refuses_what_r4_does_not_allow(demo_store):
    """So a pass above means something: a misspelt field or a mistyped value is refused."""
    document = json.loads(carefeed("export", "--store", str(demo_store), "--format", "fhir", "--participant", "r001"))
    for resource_type, field, value in [("Patient", "nmae", "x"), ("Observation", "valueInteger", "four"),
                                        ("Consent", "dateTime", "yesterday")]:
        broken = json.loads(json.dumps(document))
        resources(broken, resource_type)[0][field] = value
        with pytest.raises(ValueError):
            Bundle.model_validate_json(json.dumps(broken))
