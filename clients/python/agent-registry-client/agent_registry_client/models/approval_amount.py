from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ApprovalAmount")


@_attrs_define
class ApprovalAmount:
    """
    Attributes:
        usd (str):
        gems (int):
    """

    usd: str
    gems: int

    def to_dict(self) -> dict[str, Any]:
        usd = self.usd

        gems = self.gems

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "usd": usd,
                "gems": gems,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        usd = d.pop("usd")

        gems = d.pop("gems")

        approval_amount = cls(
            usd=usd,
            gems=gems,
        )

        return approval_amount
