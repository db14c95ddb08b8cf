from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.relay_session_event_body_type import RelaySessionEventBodyType

if TYPE_CHECKING:
    from ..models.relay_session_event_body_data import RelaySessionEventBodyData


T = TypeVar("T", bound="RelaySessionEventBody")


@_attrs_define
class RelaySessionEventBody:
    """
    Attributes:
        type_ (RelaySessionEventBodyType):
        data (RelaySessionEventBodyData):
    """

    type_: RelaySessionEventBodyType
    data: RelaySessionEventBodyData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.relay_session_event_body_data import RelaySessionEventBodyData  # noqa: PLC0415

        d = dict(src_dict)
        type_ = RelaySessionEventBodyType(d.pop("type"))

        data = RelaySessionEventBodyData.from_dict(d.pop("data"))

        relay_session_event_body = cls(
            type_=type_,
            data=data,
        )

        relay_session_event_body.additional_properties = d
        return relay_session_event_body

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
