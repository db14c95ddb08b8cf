from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.verify_agent_response_200_checks_item import VerifyAgentResponse200ChecksItem


T = TypeVar("T", bound="VerifyAgentResponse200")


@_attrs_define
class VerifyAgentResponse200:
    """
    Attributes:
        name (str):
        verified (bool): Identity: the DNSSEC chain and the card signature pass and no published identity fact fails
        reachable (bool): Every endpoint the name publishes answers its protocol (reported apart)
        checks (list[VerifyAgentResponse200ChecksItem]):
        checked_at (str): When the checks ran; a report is kept for a minute
    """

    name: str
    verified: bool
    reachable: bool
    checks: list[VerifyAgentResponse200ChecksItem]
    checked_at: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        verified = self.verified

        reachable = self.reachable

        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)

        checked_at = self.checked_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "verified": verified,
                "reachable": reachable,
                "checks": checks,
                "checked_at": checked_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.verify_agent_response_200_checks_item import VerifyAgentResponse200ChecksItem  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        verified = d.pop("verified")

        reachable = d.pop("reachable")

        checks = []
        _checks = d.pop("checks")
        for checks_item_data in _checks:
            checks_item = VerifyAgentResponse200ChecksItem.from_dict(checks_item_data)

            checks.append(checks_item)

        checked_at = d.pop("checked_at")

        verify_agent_response_200 = cls(
            name=name,
            verified=verified,
            reachable=reachable,
            checks=checks,
            checked_at=checked_at,
        )

        return verify_agent_response_200
