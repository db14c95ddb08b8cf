from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClaimAgentBody")


@_attrs_define
class ClaimAgentBody:
    """
    Attributes:
        claim_code (str):
    """

    claim_code: str

    def to_dict(self) -> dict[str, Any]:
        claim_code = self.claim_code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "claim_code": claim_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        claim_code = d.pop("claim_code")

        claim_agent_body = cls(
            claim_code=claim_code,
        )

        return claim_agent_body
