from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.spend_mandate_input_remaining_per_30_days import SpendMandateInputRemainingPer30Days
    from ..models.spend_mandate_input_remaining_per_day import SpendMandateInputRemainingPerDay


T = TypeVar("T", bound="SpendMandateInputRemaining")


@_attrs_define
class SpendMandateInputRemaining:
    """What is left of each rolling budget now (null in a unit the budget does not limit)

    Attributes:
        per_day (SpendMandateInputRemainingPerDay):
        per_30_days (SpendMandateInputRemainingPer30Days):
    """

    per_day: SpendMandateInputRemainingPerDay
    per_30_days: SpendMandateInputRemainingPer30Days
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        per_day = self.per_day.to_dict()

        per_30_days = self.per_30_days.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "per_day": per_day,
                "per_30_days": per_30_days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.spend_mandate_input_remaining_per_30_days import SpendMandateInputRemainingPer30Days  # noqa: PLC0415
        from ..models.spend_mandate_input_remaining_per_day import SpendMandateInputRemainingPerDay  # noqa: PLC0415

        d = dict(src_dict)
        per_day = SpendMandateInputRemainingPerDay.from_dict(d.pop("per_day"))

        per_30_days = SpendMandateInputRemainingPer30Days.from_dict(d.pop("per_30_days"))

        spend_mandate_input_remaining = cls(
            per_day=per_day,
            per_30_days=per_30_days,
        )

        spend_mandate_input_remaining.additional_properties = d
        return spend_mandate_input_remaining

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
