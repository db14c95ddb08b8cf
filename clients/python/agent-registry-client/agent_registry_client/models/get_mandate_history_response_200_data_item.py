from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_mandate_history_response_200_data_item_after_type_0 import (
        GetMandateHistoryResponse200DataItemAfterType0,
    )
    from ..models.get_mandate_history_response_200_data_item_before_type_0 import (
        GetMandateHistoryResponse200DataItemBeforeType0,
    )


T = TypeVar("T", bound="GetMandateHistoryResponse200DataItem")


@_attrs_define
class GetMandateHistoryResponse200DataItem:
    """
    Attributes:
        changed_by (str):
        changed_at (str):
        before (GetMandateHistoryResponse200DataItemBeforeType0 | None): The mandate before (null: there was none)
        after (GetMandateHistoryResponse200DataItemAfterType0 | None): The mandate after (null: removed)
    """

    changed_by: str
    changed_at: str
    before: GetMandateHistoryResponse200DataItemBeforeType0 | None
    after: GetMandateHistoryResponse200DataItemAfterType0 | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.get_mandate_history_response_200_data_item_after_type_0 import (
            GetMandateHistoryResponse200DataItemAfterType0,  # noqa: PLC0415
        )
        from ..models.get_mandate_history_response_200_data_item_before_type_0 import (
            GetMandateHistoryResponse200DataItemBeforeType0,  # noqa: PLC0415
        )

        changed_by = self.changed_by

        changed_at = self.changed_at

        before: dict[str, Any] | None
        if isinstance(self.before, GetMandateHistoryResponse200DataItemBeforeType0):
            before = self.before.to_dict()
        else:
            before = self.before

        after: dict[str, Any] | None
        if isinstance(self.after, GetMandateHistoryResponse200DataItemAfterType0):
            after = self.after.to_dict()
        else:
            after = self.after

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "changed_by": changed_by,
                "changed_at": changed_at,
                "before": before,
                "after": after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_mandate_history_response_200_data_item_after_type_0 import (
            GetMandateHistoryResponse200DataItemAfterType0,  # noqa: PLC0415
        )
        from ..models.get_mandate_history_response_200_data_item_before_type_0 import (
            GetMandateHistoryResponse200DataItemBeforeType0,  # noqa: PLC0415
        )

        d = dict(src_dict)
        changed_by = d.pop("changed_by")

        changed_at = d.pop("changed_at")

        def _parse_before(data: object) -> GetMandateHistoryResponse200DataItemBeforeType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                before_type_0 = GetMandateHistoryResponse200DataItemBeforeType0.from_dict(data)

                return before_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GetMandateHistoryResponse200DataItemBeforeType0 | None, data)

        before = _parse_before(d.pop("before"))

        def _parse_after(data: object) -> GetMandateHistoryResponse200DataItemAfterType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                after_type_0 = GetMandateHistoryResponse200DataItemAfterType0.from_dict(data)

                return after_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GetMandateHistoryResponse200DataItemAfterType0 | None, data)

        after = _parse_after(d.pop("after"))

        get_mandate_history_response_200_data_item = cls(
            changed_by=changed_by,
            changed_at=changed_at,
            before=before,
            after=after,
        )

        return get_mandate_history_response_200_data_item
