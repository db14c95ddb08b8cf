from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RunCommandResponse200ResultType0Resolved")


@_attrs_define
class RunCommandResponse200ResultType0Resolved:
    """
    Attributes:
        within_days (int):
        managed_user_ids (list[str]):
    """

    within_days: int
    managed_user_ids: list[str]

    def to_dict(self) -> dict[str, Any]:
        within_days = self.within_days

        managed_user_ids = self.managed_user_ids

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "within_days": within_days,
                "managed_user_ids": managed_user_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        within_days = d.pop("within_days")

        managed_user_ids = cast(list[str], d.pop("managed_user_ids"))

        run_command_response_200_result_type_0_resolved = cls(
            within_days=within_days,
            managed_user_ids=managed_user_ids,
        )

        return run_command_response_200_result_type_0_resolved
