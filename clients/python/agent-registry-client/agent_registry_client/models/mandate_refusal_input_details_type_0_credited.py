from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MandateRefusalInputDetailsType0Credited")


@_attrs_define
class MandateRefusalInputDetailsType0Credited:
    """Only when money had already arrived (a purchase judged at activation): where it was credited back

    Attributes:
        account_id (str):
        gems (int):
    """

    account_id: str
    gems: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        gems = self.gems

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        mandate_refusal_input_details_type_0_credited = cls(
            account_id=account_id,
            gems=gems,
        )

        mandate_refusal_input_details_type_0_credited.additional_properties = d
        return mandate_refusal_input_details_type_0_credited

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
