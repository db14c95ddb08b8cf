from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.run_command_response_200_result_type_0_data_domains_item import (
        RunCommandResponse200ResultType0DataDomainsItem,
    )


T = TypeVar("T", bound="RunCommandResponse200ResultType0Data")


@_attrs_define
class RunCommandResponse200ResultType0Data:
    """
    Attributes:
        count (int):
        domains (list[RunCommandResponse200ResultType0DataDomainsItem]):
    """

    count: int
    domains: list[RunCommandResponse200ResultType0DataDomainsItem]

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        domains = []
        for domains_item_data in self.domains:
            domains_item = domains_item_data.to_dict()
            domains.append(domains_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "count": count,
                "domains": domains,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.run_command_response_200_result_type_0_data_domains_item import (
            RunCommandResponse200ResultType0DataDomainsItem,  # noqa: PLC0415
        )

        d = dict(src_dict)
        count = d.pop("count")

        domains = []
        _domains = d.pop("domains")
        for domains_item_data in _domains:
            domains_item = RunCommandResponse200ResultType0DataDomainsItem.from_dict(domains_item_data)

            domains.append(domains_item)

        run_command_response_200_result_type_0_data = cls(
            count=count,
            domains=domains,
        )

        return run_command_response_200_result_type_0_data
