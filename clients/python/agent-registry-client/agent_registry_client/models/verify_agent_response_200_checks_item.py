from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.verify_agent_response_200_checks_item_id import VerifyAgentResponse200ChecksItemId
from ..models.verify_agent_response_200_checks_item_outcome import VerifyAgentResponse200ChecksItemOutcome

if TYPE_CHECKING:
    from ..models.verify_agent_response_200_checks_item_evidence import VerifyAgentResponse200ChecksItemEvidence


T = TypeVar("T", bound="VerifyAgentResponse200ChecksItem")


@_attrs_define
class VerifyAgentResponse200ChecksItem:
    """
    Attributes:
        id (VerifyAgentResponse200ChecksItemId):
        outcome (VerifyAgentResponse200ChecksItemOutcome): `absent`: the name publishes nothing to check here;
            `unreachable`: what holds it did not answer
        reason (None | str): Why it failed, was absent or unreachable; null on a pass
        evidence (VerifyAgentResponse200ChecksItemEvidence): What it was judged on: records, URLs, keys, on-chain values
    """

    id: VerifyAgentResponse200ChecksItemId
    outcome: VerifyAgentResponse200ChecksItemOutcome
    reason: None | str
    evidence: VerifyAgentResponse200ChecksItemEvidence

    def to_dict(self) -> dict[str, Any]:
        id = self.id.value

        outcome = self.outcome.value

        reason: None | str
        reason = self.reason

        evidence = self.evidence.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "outcome": outcome,
                "reason": reason,
                "evidence": evidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.verify_agent_response_200_checks_item_evidence import VerifyAgentResponse200ChecksItemEvidence  # noqa: PLC0415

        d = dict(src_dict)
        id = VerifyAgentResponse200ChecksItemId(d.pop("id"))

        outcome = VerifyAgentResponse200ChecksItemOutcome(d.pop("outcome"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        evidence = VerifyAgentResponse200ChecksItemEvidence.from_dict(d.pop("evidence"))

        verify_agent_response_200_checks_item = cls(
            id=id,
            outcome=outcome,
            reason=reason,
            evidence=evidence,
        )

        return verify_agent_response_200_checks_item
