from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.list_teams_response_200_status import ListTeamsResponse200Status

if TYPE_CHECKING:
    from ..models.list_teams_response_200_data_item import ListTeamsResponse200DataItem


T = TypeVar("T", bound="ListTeamsResponse200")


@_attrs_define
class ListTeamsResponse200:
    """
    Attributes:
        status (ListTeamsResponse200Status):
        data (list[ListTeamsResponse200DataItem]):
    """

    status: ListTeamsResponse200Status
    data: list[ListTeamsResponse200DataItem]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_teams_response_200_data_item import ListTeamsResponse200DataItem  # noqa: PLC0415

        d = dict(src_dict)
        status = ListTeamsResponse200Status(d.pop("status"))

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = ListTeamsResponse200DataItem.from_dict(data_item_data)

            data.append(data_item)

        list_teams_response_200 = cls(
            status=status,
            data=data,
        )

        return list_teams_response_200
