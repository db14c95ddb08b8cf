from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MandateRefusalDetailsType1Credited")


@_attrs_define
class MandateRefusalDetailsType1Credited:
    """Only when money had already arrived (a purchase judged at activation): where it was credited back

    Attributes:
        account_id (str):
        gems (int):
    """

    account_id: str
    gems: int

    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        gems = self.gems

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account_id": account_id,
                "gems": gems,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_id = d.pop("account_id")

        gems = d.pop("gems")

        mandate_refusal_details_type_1_credited = cls(
            account_id=account_id,
            gems=gems,
        )

        return mandate_refusal_details_type_1_credited
