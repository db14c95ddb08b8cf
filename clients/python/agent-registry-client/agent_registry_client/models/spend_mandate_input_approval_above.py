from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SpendMandateInputApprovalAbove")


@_attrs_define
class SpendMandateInputApprovalAbove:
    """
    Attributes:
        usd (None | str):
        gems (int | None):
    """

    usd: None | str
    gems: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        usd: None | str
        usd = self.usd

        gems: int | None
        gems = self.gems

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        def _parse_usd(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        usd = _parse_usd(d.pop("usd"))

        def _parse_gems(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        gems = _parse_gems(d.pop("gems"))

        spend_mandate_input_approval_above = cls(
            usd=usd,
            gems=gems,
        )

        spend_mandate_input_approval_above.additional_properties = d
        return spend_mandate_input_approval_above

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
